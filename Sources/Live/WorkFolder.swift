#if canImport(Glibc)
import Glibc
#endif
import Core
import Foundation

/// A scenario command line's work folder, `$TMPDIR/photosim-run-<pid>-XXXXXX`, marked as in
/// use for as long as the process that made it lives: it holds an exclusive `flock` on the
/// folder's lock file, which the kernel releases when the process ends, however it ends. So a
/// later run can prove a folder stale (``StaleWorkFolders``) and sweep what a killed run left.
///
/// The lock is taken before the lock file gets its name (a file locked under a temporary name,
/// then renamed), so a lock file that can be found is always locked while its maker lives.
///
/// ```swift
/// guard let folder = WorkFolder.make(in: "/tmp") else { … }   // photosim-run-4242-Ab3dE9, locked
/// // … devices made in folder.path …
/// folder.release()      // removed when empty; a folder holding kept devices stays, unmarked
/// ```
public final class WorkFolder {
    /// The start of every work folder's name.
    public static let namePrefix = "photosim-run-"
    /// The lock file inside a work folder.
    public static let lockFileName = ".photosim-run.lock"

    /// The folder's path.
    public let path: String
    private var lockDescriptor: Int32

    private init(path: String, lockDescriptor: Int32) {
        self.path = path
        self.lockDescriptor = lockDescriptor
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// A new folder in `root`, named after this process, holding its lock; nil (with `errno`
    /// set) when it cannot be made.
    public static func make(in root: String) -> WorkFolder? {
        let path: String
        do throws(FileSystemError) {
            path = try POSIXFileSystem.makeTemporaryFolder(prefix: "\(namePrefix)\(getpid())-", in: root)
        } catch {
            if case .failed(_, _, let code) = error { errno = code }
            return nil
        }
        guard let descriptor = lock(in: path) else {
            let code = errno
            try? POSIXFileSystem(durability: .scratch).removeItem(at: path)
            errno = code
            return nil
        }
        return WorkFolder(path: path, lockDescriptor: descriptor)
    }

    /// Creates the lock file under a temporary name, locks it, then gives it its name.
    private static func lock(in folder: String) -> Int32? {
        let temporary = folder.appendingPathComponent(lockFileName + ".new")
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, rename(temporary, folder.appendingPathComponent(lockFileName)) == 0 else {
            let code = errno
            close(descriptor)
            errno = code
            return nil
        }
        return descriptor
    }

    /// Done with the folder: removed when nothing but its lock file is left in it; otherwise
    /// (devices kept with `--keep`) it stays, its lock file removed, so no sweep ever takes it.
    /// Safe to call twice.
    public func release() {
        guard lockDescriptor >= 0 else { return }
        let disk = POSIXFileSystem(durability: .scratch)
        let names = (try? disk.contentsOfDirectory(at: path)) ?? []
        if names.allSatisfy({ $0 == Self.lockFileName }) {
            try? disk.removeItem(at: path)
        } else {
            unlink(path.appendingPathComponent(Self.lockFileName))
        }
        close(lockDescriptor)
        lockDescriptor = -1
    }
}
