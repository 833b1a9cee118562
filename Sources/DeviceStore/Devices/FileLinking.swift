#if canImport(Glibc)
import Glibc
#endif
import Core

/// A file system that can give a file a second name (a hard link), so `clone` shares the bytes
/// of files nobody writes to instead of copying them. A ``DeviceSet`` whose file system is not
/// one copies instead.
protocol FileLinking {
    /// Makes `destination` a second name of `source`; fails (for example `EXDEV` across file
    /// systems, `EPERM` where links are not allowed) without creating anything.
    func linkItem(at source: String, to destination: String) throws(FileSystemError)
}

extension POSIXFileSystem: FileLinking {
    func linkItem(at source: String, to destination: String) throws(FileSystemError) {
        guard link(source, destination) == 0 else {
            throw FileSystemError.from(errno: errno, operation: "link", path: destination)
        }
    }
}
