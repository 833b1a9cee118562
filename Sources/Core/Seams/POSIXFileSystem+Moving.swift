import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Moving that never replaces what is already at the destination.
extension POSIXFileSystem {
    /// Moves a file (or a symbolic link itself) with `link` then `unlink`, so an existing
    /// destination is never replaced; folders are refused (`EPERM` from `link`).
    public func moveItem(at source: String, to destination: String) throws(FileSystemError) {
        try Self.refuseNUL(in: source)
        try Self.refuseNUL(in: destination)
        guard link(source, destination) == 0 else {
            if errno == EEXIST { throw .alreadyExists(path: destination) }
            throw .from(errno: errno, operation: "link", path: destination)
        }
        try syncFolder(destination.deletingLastPathComponent)
        guard unlink(source) == 0 || errno == ENOENT else { throw .from(errno: errno, operation: "unlink", path: source) }
        try syncFolder(source.deletingLastPathComponent)
    }
}
