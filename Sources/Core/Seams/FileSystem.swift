import Foundation

/// How Core reads and writes files. Every file Core touches goes through one of these.
///
/// Contract (`FileSystemContract` in the PhotoSimTesting library checks it for any implementation):
/// - `writeAtomically` leaves either the old contents or the new ones at `path`, never a mix,
///   and the new contents are durable when it returns; a write that fails changes nothing.
/// - `contentsOfDirectory` is sorted, so listing order never depends on the disk.
/// - `removeItem` of a path that does not exist is not an error (deleting is idempotent); of a
///   folder, it removes everything in it.
/// - `createDirectory` creates missing parents; a folder that already exists is not an error.
/// - Reading a folder or listing a file fails, so callers can tell the two apart.
/// - Failures are ``FileSystemError``s naming the path; a missing item is `notFound`.
public protocol FileSystem: AnyObject {
    func contents(of path: String) throws(FileSystemError) -> Data
    func writeAtomically(_ data: Data, to path: String) throws(FileSystemError)
    func removeItem(at path: String) throws(FileSystemError)
    func fileExists(at path: String) -> Bool
    func createDirectory(at path: String) throws(FileSystemError)
    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String]
    func sizeOfItem(at path: String) throws(FileSystemError) -> Int
}

/// An expected file-system failure, with the path it concerns.
public enum FileSystemError: Error, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// The disk (or its quota) is full; nothing was changed.
    case noSpace(path: String)
    /// The operation was refused by permissions.
    case permissionDenied(path: String)
    /// Any other failure of the named operation, with the C `errno`.
    case failed(operation: String, path: String, errno: Int32)
    /// A `FaultInjectingFileSystem` (PhotoSimTesting) stopped the simulated process at this call:
    /// the operation may or may not have happened (see its `Fault`) and every later call is
    /// refused. A real file system never throws it; code under test must let it propagate.
    case simulatedCrash(operation: String, path: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "No such file or directory: \(path)"
        case .noSpace(let path):
            return "No space left on device while writing \(path); free some space and try again"
        case .permissionDenied(let path):
            return "Permission denied: \(path)"
        case .failed(let operation, let path, let code):
            return "\(operation) failed for \(path): \(String(cString: strerror(code))) (errno \(code))"
        case .simulatedCrash(let operation, let path):
            return "simulated crash during \(operation) of \(path); restart the process to continue"
        }
    }

    /// Maps a C `errno` to the case a caller can act on.
    public static func from(errno code: Int32, operation: String, path: String) -> FileSystemError {
        switch code {
        case ENOENT: return .notFound(path: path)
        case ENOSPC, EDQUOT: return .noSpace(path: path)
        case EACCES, EPERM: return .permissionDenied(path: path)
        default: return .failed(operation: operation, path: path, errno: code)
        }
    }
}

extension String {
    /// Joins path components with `/`, the way Core builds every path.
    public func appendingPathComponent(_ component: String) -> String {
        if isEmpty { return component }
        return hasSuffix("/") ? self + component : self + "/" + component
    }

    /// The folder part of a path (`"a/b/c.jpg"` gives `"a/b"`; a bare name gives `"."`).
    public var deletingLastPathComponent: String {
        guard let slash = lastIndex(of: "/") else { return "." }
        return slash == startIndex ? "/" : String(self[..<slash])
    }

    /// The last component of a path (`"a/b/c.jpg"` gives `"c.jpg"`).
    public var lastPathComponent: String {
        guard let slash = lastIndex(of: "/") else { return self }
        return String(self[index(after: slash)...])
    }
}
