import Foundation

/// `assertFile` and `assertNoFile` take a file-name pattern for a file whose name the app makes
/// up (a UUID key): `Documents/*.jpg`, `Documents/????????-????-????-????-????????????`.
/// `*`, `?` and `[...]` are `fnmatch`'s (a leading `.` is matched only by a `.`); folders are
/// written out.
extension AppPath {
    /// True when the file name holds `*`, `?` or `[`.
    public var isPattern: Bool { Self.hasWildcard(name) }

    /// True when a folder of the path holds a wildcard (refused when the file is read).
    public var folderHasWildcard: Bool {
        path.split(separator: "/").dropLast().contains { Self.hasWildcard(String($0)) }
    }

    /// The last component.
    public var name: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The folder part (empty for a file at the top of the container).
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Whether `name` matches the file name as a pattern.
    public func nameMatches(_ candidate: String) -> Bool {
        fnmatch(name, candidate, FNM_PERIOD) == 0
    }

    /// The path of `candidate` in this path's folder.
    public func sibling(_ candidate: String) -> AppPath {
        AppPath(folder.isEmpty ? candidate : folder + "/" + candidate) ?? self
    }

    private static func hasWildcard(_ text: String) -> Bool {
        text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }
}
