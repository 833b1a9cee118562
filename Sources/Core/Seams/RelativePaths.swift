/// Paths relative to one folder, however a path spells the folder: as given, with doubled
/// slashes, or with its symbolic links resolved (as SQLite names its files). The one way the
/// fault layer, the trace and the checkers say where a file is inside an app's container, so a
/// fault's path, a trace line and a checker's excuse always agree.
///
/// ```swift
/// let paths = RelativePaths(root: "/data/Containers//X", resolvedRoot: "/real/X")
/// paths.relative("/real/X/Documents/Photo-1.jpg")    // "Documents/Photo-1.jpg"
/// paths.relative("/elsewhere/a")                    // "/elsewhere/a"
/// ```
public struct RelativePaths: Sendable, Equatable {
    /// The folder's spellings, each collapsed of doubled slashes and ending in one slash.
    private let prefixes: [String]

    /// - Parameter resolvedRoot: `root` with its links resolved (`FileSystem.resolvedPath`), when known.
    public init(root: String, resolvedRoot: String? = nil) {
        var prefixes = [Self.collapsingSlashes(root + "/")]
        if let resolvedRoot { prefixes.append(Self.collapsingSlashes(resolvedRoot + "/")) }
        self.prefixes = prefixes
    }

    /// `path` relative to the folder when it is inside it (by any spelling), else `path` with
    /// doubled slashes collapsed.
    public func relative(_ path: String) -> String {
        let path = Self.collapsingSlashes(path)
        for prefix in prefixes where path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        return path
    }

    private static func collapsingSlashes(_ path: String) -> String {
        guard path.contains("//") else { return path }
        var result = ""
        for character in path where !(character == "/" && result.hasSuffix("/")) { result.append(character) }
        return result
    }
}
