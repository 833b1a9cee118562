import Core
import Foundation

/// How the scenario loader reads the suite: files, folders, and where symbolic links lead.
///
/// Passed in, so tests and tools can give their own; ``POSIXScenarioFiles`` is the real disk.
/// Reading never blocks and never takes more than the loader's bound: a FIFO or a device named
/// as a scenario, a flow or a medium is refused saying what it is, before a byte is read.
public protocol ScenarioFiles: Sendable {
    /// What is at `path`, following symbolic links; nil when nothing is.
    func kind(of path: String) -> ScenarioFileKind?
    /// What is at `path` itself, not following a final symbolic link (`lstat`); nil when nothing is.
    func entryKind(of path: String) -> FileKind?
    /// The bytes of the regular file at `path` (following symbolic links), at most `limitBytes`.
    ///
    /// - Throws: ``Core/FileSystemError/notRegularFile(path:kind:)`` for anything but a regular
    ///   file, without blocking on it; ``Core/FileSystemError/tooLarge(path:sizeBytes:limitBytes:)``
    ///   before reading a byte of a bigger one; otherwise the failure naming the path.
    func contents(ofRegularFile path: String, limitBytes: Int) throws(FileSystemError) -> Data
    /// The names in the folder at `path`, sorted.
    func contentsOfFolder(at path: String) throws -> [String]
    /// The absolute path with every symbolic link resolved; nil when it does not exist.
    func resolvingSymbolicLinks(_ path: String) -> String?
}

/// A regular file, a folder, or something else (a FIFO, a device, a socket).
public enum ScenarioFileKind: Sendable, Equatable {
    case file
    case folder
    /// Neither a regular file nor a folder: never read (it could block or never end).
    case special(FileKind)
}
