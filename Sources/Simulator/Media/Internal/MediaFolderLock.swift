import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on a file in the Media folder: the one writer at a time, across threads
/// and processes.
///
/// `flock` locks belong to an open file description, so two ``MediaLibrary`` instances in one
/// process exclude each other just as two processes do, and the kernel drops the lock when a
/// holder is killed. This is an operating-system mutex rather than a file the library reads, so
/// it does not go through the ``Core/FileSystem`` seam; it never changes what a call computes.
final class MediaFolderLock {
    let path: String
    private let descriptor: Int32

    /// Opens (creating if needed) the lock file. Locks nothing yet. A symbolic link there is
    /// refused (`O_NOFOLLOW`), so the lock file is never created outside the Media folder.
    init(path: String) throws(MediaLibraryError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .lockUnavailable(path: path, errno: errno) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Runs `body` holding the lock, waiting for another holder to finish first.
    /// Calls must not nest (a second lock on another descriptor would wait for ever).
    @discardableResult
    func withExclusiveAccess<Result>(_ body: () throws(MediaLibraryError) -> Result) throws(MediaLibraryError) -> Result {
        try acquire()
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private func acquire() throws(MediaLibraryError) {
        let maximumInterruptions = 1_000
        for _ in 0..<maximumInterruptions {
            if flock(descriptor, LOCK_EX) == 0 { return }
            guard errno == EINTR else { throw .lockUnavailable(path: path, errno: errno) }
        }
        throw .lockUnavailable(path: path, errno: EINTR)
    }
}
