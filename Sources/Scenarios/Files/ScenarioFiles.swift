import Foundation

/// How the scenario loader reads the suite: files, folders, and where symbolic links lead.
///
/// Passed in, so tests and tools can give their own; ``POSIXScenarioFiles`` is the real disk.
public protocol ScenarioFiles: Sendable {
    /// What is at `path`, following symbolic links; nil when nothing is.
    func kind(of path: String) -> ScenarioFileKind?
    /// The size of the file at `path` in bytes.
    func sizeOfFile(at path: String) throws -> Int
    /// The bytes of the file at `path`.
    func contents(of path: String) throws -> Data
    /// The names in the folder at `path`, sorted.
    func contentsOfFolder(at path: String) throws -> [String]
    /// The absolute path with every symbolic link resolved; nil when it does not exist.
    func resolvingSymbolicLinks(_ path: String) -> String?
}

/// A file or a folder.
public enum ScenarioFileKind: Sendable {
    case file
    case folder
}
