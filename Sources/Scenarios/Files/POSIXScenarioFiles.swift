import Foundation

/// The real disk, through `stat`, `realpath` and Foundation's file reading.
///
/// A path holding a NUL character names nothing: the C calls would read it only up to the NUL,
/// so `flows/ok.yaml\0.txt` would open `flows/ok.yaml`.
public struct POSIXScenarioFiles: ScenarioFiles {
    public init() {}

    public func kind(of path: String) -> ScenarioFileKind? {
        var status = stat()
        guard !path.contains("\0"), stat(path, &status) == 0 else { return nil }
        return (status.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
    }

    public func sizeOfFile(at path: String) throws -> Int {
        var status = stat()
        guard !path.contains("\0"), stat(path, &status) == 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        return Int(status.st_size)
    }

    public func contents(of path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
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
