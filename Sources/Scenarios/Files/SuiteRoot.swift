/// The folder that holds a suite: every path a scenario names must stay inside it.
///
/// A path is checked twice: as written (`..` may not climb above the suite folder), then as the
/// disk resolves it (a symbolic link may not lead outside it).
public struct SuiteRoot: Sendable {
    /// The folder as given (trailing slashes dropped).
    public let path: String
    /// The folder with every symbolic link resolved.
    public let realPath: String

    /// The suite folder at `path`; fails when it is missing or not a folder.
    public init(path: String, files: ScenarioFiles) throws(ScenarioLoadError) {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard files.kind(of: trimmed) == .folder, let real = files.resolvingSymbolicLinks(trimmed) else {
            throw ScenarioLoadError(.start(of: trimmed), "the suite folder `\(trimmed)` does not exist or is not a folder")
        }
        self.path = trimmed
        self.realPath = real
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
                return .failure(PathProblem("`\(written)` is outside the suite folder `\(path)`; keep media, fixtures and flows inside it"))
            }
            relative = inside
        } else {
            guard let normalized = Self.normalize(folder.isEmpty ? written : folder + "/" + written) else {
                return .failure(PathProblem("`\(written)` leaves the suite folder `\(path)`; keep media, fixtures and flows inside it"))
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
            return .failure(PathProblem("`\(written)` is a symbolic link to `\(real)`, outside the suite folder `\(path)`; copy it into the suite"))
        }
        guard found == kind else {
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
