#if canImport(Glibc)
import Glibc
#endif
import Core
import Foundation

/// Sweeps the work folders that runs killed before they could remove them left in `$TMPDIR`.
///
/// A folder is removed only when it is provably stale: its name is a ``WorkFolder``'s
/// (`photosim-run-<pid>-XXXXXX`), it is a real folder (not a symbolic link) of this user, it
/// holds a lock file (a regular file, not a link), and an exclusive `flock` on that file is
/// granted at once, so no process holds it: the process that made the folder has ended (the
/// kernel drops its lock however it ended), whatever became of its pid. A live run's folder is
/// never taken, also when its pid was reused or lives in another pid namespace, since its lock
/// is held; the lock is kept while the folder is removed, and the folder and its lock file are
/// checked to be the ones locked. A folder without a lock file (made by an older version, kept
/// with `--keep`, or caught between `mkdtemp` and its lock) is left alone.
///
/// ```swift
/// let removed = StaleWorkFolders.sweep(in: "/tmp")    // ["/tmp/photosim-run-4242-Ab3dE9"]
/// ```
public enum StaleWorkFolders {
    /// The most folders one sweep looks at, so a crowded `$TMPDIR` cannot slow a start for long.
    public static let maximumExamined = 1_000

    /// Removes every stale work folder directly in `root`; returns their paths, sorted.
    @discardableResult
    public static func sweep(in root: String) -> [String] {
        guard let names = try? POSIXFileSystem().contentsOfDirectory(at: root) else { return [] }
        return names.filter(isWorkFolderName).prefix(maximumExamined).compactMap { name in
            let path = root.appendingPathComponent(name)
            return removeIfStale(path) ? path : nil
        }
    }

    /// Whether `name` is `photosim-run-<digits>-<six characters>`.
    static func isWorkFolderName(_ name: String) -> Bool {
        guard name.hasPrefix(WorkFolder.namePrefix) else { return false }
        let parts = name.dropFirst(WorkFolder.namePrefix.count).split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[0].allSatisfy(\.isASCII) && parts[0].allSatisfy(\.isNumber)
            && parts[1].count == 6
    }

    /// Locks the folder's lock file and, when that is granted at once and both are still the
    /// ones found, removes the folder, keeping the lock until it is gone.
    private static func removeIfStale(_ path: String) -> Bool {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return false }
        defer { close(folder) }
        guard let folderInfo = status(of: folder), folderInfo.st_uid == geteuid() else { return false }
        let lock = openat(folder, WorkFolder.lockFileName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard lock >= 0 else { return false }
        defer { close(lock) }
        guard let lockInfo = status(of: lock), (lockInfo.st_mode & S_IFMT) == S_IFREG,
              flock(lock, LOCK_EX | LOCK_NB) == 0 else { return false }
        guard same(lockInfo, path.appendingPathComponent(WorkFolder.lockFileName)), same(folderInfo, path) else { return false }
        do { try POSIXFileSystem(durability: .scratch).removeItem(at: path) } catch { return false }
        return true
    }

    private static func status(of descriptor: Int32) -> stat? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? info : nil
    }

    /// Whether `path` (not followed) is still the file `info` describes.
    private static func same(_ info: stat, _ path: String) -> Bool {
        var now = stat()
        return lstat(path, &now) == 0 && now.st_dev == info.st_dev && now.st_ino == info.st_ino
    }
}
