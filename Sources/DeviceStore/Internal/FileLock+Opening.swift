#if canImport(Glibc)
import Glibc
#endif
import Core

extension FileLock {
    /// What opening the lock file gave: a descriptor to `flock`, or leave to read without the lock.
    enum Opening: Equatable {
        case descriptor(Int32)
        /// The lock file does not exist and this user cannot create it (a read-only set): a
        /// reading command goes on without the lock. Nobody who can only read the folder can
        /// hold the lock either; a writer who can would have created the file.
        case unlocked
    }

    /// Opens a file by path with `open(2)`'s flags (mode 0644 when it creates the file): the
    /// descriptor, or -1 and the `errno`.
    typealias OpenCall = @Sendable (_ path: String, _ flags: Int32) -> (descriptor: Int32, errno: Int32)

    /// The live `open(2)`.
    static let systemOpen: OpenCall = { path, flags in
        let descriptor = open(path, flags, 0o644)
        return (descriptor, descriptor < 0 ? errno : 0)
    }

    /// Errors that say this user may not write the lock file (or its folder), where reading it
    /// may still work: permissions, and a read-only file system.
    static let unwritableErrors: Set<Int32> = [EACCES, EPERM, EROFS]

    /// Opens the lock file for `mode`, never through a symbolic link (`O_NOFOLLOW`).
    ///
    /// Read-write first, creating the file. When that is refused for want of write permission,
    /// a shared lock opens the file read-only instead (`flock` works on any open descriptor, so
    /// readers of a set they cannot write still exclude writers); when the file does not even
    /// exist, a reader with `readingMayGoUnlocked` gets ``Opening/unlocked``. An exclusive lock,
    /// or any other failure, is ``LockError/unavailable(_:)`` naming the lock file.
    static func openLockFile(_ path: String, mode: Mode, readingMayGoUnlocked: Bool,
                             open: OpenCall = systemOpen) throws(LockError) -> Opening {
        let flags = O_CLOEXEC | O_NOFOLLOW
        let readWrite = open(path, O_RDWR | O_CREAT | flags)
        if readWrite.descriptor >= 0 { return .descriptor(readWrite.descriptor) }
        guard mode == .shared, unwritableErrors.contains(readWrite.errno) else {
            throw .unavailable(.from(errno: readWrite.errno, operation: "open lock file", path: path))
        }
        let readOnly = open(path, O_RDONLY | flags)
        if readOnly.descriptor >= 0 { return .descriptor(readOnly.descriptor) }
        if readOnly.errno == ENOENT && readingMayGoUnlocked { return .unlocked }
        throw .unavailable(.from(errno: readWrite.errno, operation: "open lock file", path: path))
    }
}
