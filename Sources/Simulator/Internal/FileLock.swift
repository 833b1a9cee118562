#if canImport(Glibc)
import Glibc
#endif
import Core

/// An advisory `flock(2)` lock on one file, held for the duration of a closure.
///
/// Separate processes that lock the same file exclude each other (exclusive) or share
/// (shared). The kernel releases the lock when the process dies, even by `kill -9`, so a crash
/// never leaves the set locked.
struct FileLock {
    let path: String

    /// Runs `body` holding the lock; `exclusive` excludes every other holder, shared excludes
    /// only exclusive ones. `unavailable` turns a failure to open or lock the file into the
    /// caller's error (errors of `body` pass through unchanged).
    func withLock<Result>(exclusive: Bool, unavailable: (FileSystemError) -> SimctlError,
                          _ body: () throws(SimctlError) -> Result) throws(SimctlError) -> Result {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw unavailable(.from(errno: errno, operation: "open lock file", path: path))
        }
        defer { close(descriptor) }
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { throw unavailable(.from(errno: errno, operation: "flock", path: path)) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
