/// The folder that holds a suite: every path a scenario names must stay inside it.
///
/// A path is checked twice: as written (`..` may not climb above the suite folder), then as the
/// disk resolves it (a symbolic link may not lead outside it).
///
/// Running a subfolder or one file of a suite keeps the suite's root: ``find(from:files:)`` takes
/// the nearest folder at or above the given one that holds Maestro's workspace `config.yaml`, so
/// `mylocations/x.yaml` may still name `../media/beach.jpg`.
public struct SuiteRoot: Sendable {
    /// The folder as given (trailing slashes dropped).
    public let path: String
    /// The folder with every symbolic link resolved.
    public let realPath: String
    /// How the folder was chosen; errors about escaping paths say it.
    public let origin: Origin

    /// How a suite folder was chosen.
    public enum Origin: Sendable, Hashable {
        /// Named by the caller as the suite folder.
        case given
        /// The nearest folder holding a `config.yaml` (or `config.yml`), at or above the path run.
        case configuration
        /// No folder at or above the path run holds a `config.yaml`: the folder run (a file's folder).
        case fallback
    }

    /// The suite folder at `path`; fails when it is missing or not a folder.
    public init(path: String, files: ScenarioFiles, origin: Origin = .given) throws(ScenarioLoadError) {
        let trimmed = Self.trimmed(path)
        guard files.kind(of: trimmed) == .folder, let real = files.resolvingSymbolicLinks(trimmed) else {
            throw ScenarioLoadError(.start(of: trimmed), "the suite folder `\(trimmed)` does not exist or is not a folder")
        }
        self.path = trimmed
        self.realPath = real
        self.origin = origin
    }

    /// The suite folder of `folder` (a folder run, or a file's folder): the nearest folder at or
    /// above it holding `config.yaml` or `config.yml`, looking no higher than a folder holding
    /// `.git` (the repository's top) or `/`; else `folder` itself.
    public static func find(from folder: String, files: ScenarioFiles) throws(ScenarioLoadError) -> SuiteRoot {
        let start = try SuiteRoot(path: folder, files: files, origin: .fallback)
        var candidate = start.path
        for _ in 0..<maximumClimb {
            if ["config.yaml", "config.yml"].contains(where: { holdsFile(join(candidate, $0), files: files) }) {
                return try SuiteRoot(path: candidate, files: files, origin: .configuration)
            }
            guard files.kind(of: join(candidate, ".git")) == nil, let real = files.resolvingSymbolicLinks(candidate),
                  real != "/", let parent = parent(of: candidate) else { break }
            candidate = parent
        }
        return start
    }

    /// Whether something other than a folder is at `path` (a FIFO named `config.yaml` is then
    /// read, and refused saying what it is, rather than passed over).
    static func holdsFile(_ path: String, files: ScenarioFiles) -> Bool {
        files.kind(of: path).map { $0 != .folder } ?? false
    }

    /// How many folders ``find(from:files:)`` climbs at most.
    private static let maximumClimb = 64

    /// The folder above `path`, written so it stays relative when `path` is: `a/b` → `a`,
    /// `a` → `.`, `.` → `..`, `..` → `../..`; nil above `/`.
    static func parent(of path: String) -> String? {
        if path == "/" { return nil }
        if path == "." { return ".." }
        if path == ".." || path.hasSuffix("/..") { return path + "/.." }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }

    private static func trimmed(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    /// The folder and how it was chosen, for messages: "`Scenarios` (the nearest folder with a config.yaml)".
    public var described: String {
        switch origin {
        case .given: return "`\(path)`"
        case .configuration: return "`\(path)` (the nearest folder with a config.yaml)"
        case .fallback: return "`\(path)` (no config.yaml in it or above it, so the folder run)"
        }
    }

    /// The path of something `relativePath` (from the suite folder) names.
    func join(_ relativePath: String) -> String {
        relativePath.isEmpty ? path : (path == "/" ? "/" + relativePath : path + "/" + relativePath)
    }

    /// `realPath` made relative to the suite folder, or nil when it lies outside.
    func relativePath(ofReal realPath: String) -> String? {
        if realPath == self.realPath { return "" }
        let prefix = self.realPath == "/" ? "/" : self.realPath + "/"
        return realPath.hasPrefix(prefix) ? String(realPath.dropFirst(prefix.count)) : nil
    }

    /// Resolves `written`, as a scenario in `folder` (relative to the suite) names it, to a file
    /// or folder inside the suite; the failure is a message for the scenario's author.
    func resolve(_ written: String, inFolder folder: String, kind: ScenarioFileKind, files: ScenarioFiles)
        -> Result<SuiteFilePath, PathProblem>
    {
        guard !written.contains("\0") else {
            let shown = written.map { $0 == "\0" ? "\\0" : String($0) }.joined()
            return .failure(PathProblem("`\(shown)` holds a NUL character (\\0), which no file name can; remove it"))
        }
        let relative: String
        if written.hasPrefix("/") {
            guard let real = files.resolvingSymbolicLinks(written) else { return .failure(PathProblem("no such file or folder `\(written)`")) }
            guard let inside = relativePath(ofReal: real) else {
                return .failure(PathProblem("`\(written)` is outside the suite folder \(described); keep media, fixtures and flows inside it"))
            }
            relative = inside
        } else {
            guard let normalized = Self.normalize(folder.isEmpty ? written : folder + "/" + written) else {
                return .failure(PathProblem("`\(written)` leaves the suite folder \(described); keep media, fixtures and flows inside it"))
            }
            relative = normalized
        }
        return check(SuiteFilePath(path: join(relative), relativePath: relative), written: written, kind: kind, files: files)
    }

    /// Checks that the resolved path exists, is of the right kind, and does not leave the suite
    /// through a symbolic link.
    private func check(_ candidate: SuiteFilePath, written: String, kind: ScenarioFileKind, files: ScenarioFiles)
        -> Result<SuiteFilePath, PathProblem>
    {
        guard let real = files.resolvingSymbolicLinks(candidate.path), let found = files.kind(of: candidate.path) else {
            return .failure(PathProblem("no such \(kind == .folder ? "folder" : "file") `\(written)` (looked for `\(candidate.path)`)"))
        }
        guard relativePath(ofReal: real) != nil else {
            return .failure(PathProblem("`\(written)` is a symbolic link to `\(real)`, outside the suite folder \(described); copy it into the suite"))
        }
        guard found == kind else {
            if case .special(let special) = found {
                return .failure(PathProblem("`\(written)` is a \(special.rawValue), not a \(kind == .folder ? "folder" : "regular file"); "
                    + "a suite holds only regular files and folders (a pipe or a device could block the run)"))
            }
            return .failure(PathProblem("`\(written)` is a \(found == .folder ? "folder" : "file"); expected a \(kind == .folder ? "folder" : "file")"))
        }
        return .success(candidate)
    }

    /// `a/./b/../c` as `a/c`; nil when `..` climbs above the start.
    static func normalize(_ path: String) -> String? {
        var components: [Substring] = []
        for component in path.split(separator: "/") where component != "." {
            if component == ".." {
                guard components.popLast() != nil else { return nil }
            } else {
                components.append(component)
            }
        }
        return components.joined(separator: "/")
    }
}

/// Why a path a scenario names cannot be used, in words for the scenario's author.
struct PathProblem: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
