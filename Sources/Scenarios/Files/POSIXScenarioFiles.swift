import Core
import Foundation

/// The real disk, through `stat`, `realpath` and Core's bounded, non-blocking file reading.
///
/// A path holding a NUL character names nothing: the C calls would read it only up to the NUL,
/// so `flows/ok.yaml\0.txt` would open `flows/ok.yaml`.
public struct POSIXScenarioFiles: ScenarioFiles {
    public init() {}

    public func kind(of path: String) -> ScenarioFileKind? {
        guard let real = resolvingSymbolicLinks(path), let kind = entryKind(of: real) else { return nil }
        switch kind {
        case .regularFile: return .file
        case .directory: return .folder
        default: return .special(kind)
        }
    }

    public func entryKind(of path: String) -> FileKind? {
        (try? POSIXFileSystem().statusOfItem(at: path))??.kind
    }

    public func contents(ofRegularFile path: String, limitBytes: Int) throws(FileSystemError) -> Data {
        try POSIXFileSystem().contents(ofRegularFile: path, limitBytes: limitBytes).data
    }

    public func contentsOfFolder(at path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    public func resolvingSymbolicLinks(_ path: String) -> String? {
        guard !path.contains("\0"), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
