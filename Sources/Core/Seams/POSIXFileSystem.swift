import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real file system through POSIX calls.
///
/// `writeAtomically` writes a temporary file in the same folder, `fsync`s it, `rename`s it over
/// the target and `fsync`s the folder, so a crash at any point leaves the old file or the new
/// one (never `FileManager.replaceItemAt`, which can lose the original on this Foundation).
/// `writeAtomicallyDeferred` leaves the folder's sync to one later `synchronize` for many files,
/// and drops each file from the page cache once it is on the disk.
///
/// `.scratch` skips every `fsync` (files and folders) and keeps the rest: writes stay atomic for
/// readers, but not durable across a power cut. Only for folders thrown away afterwards, such as
/// a scenario's temporary device, where the syncs are most of the time spent on a busy disk.
public final class POSIXFileSystem: FileSystem {
    /// Whether a change is on the disk when the call returns.
    public let durability: FileDurability

    public init(durability: FileDurability = .durable) {
        self.durability = durability
    }

    public func contents(of path: String) throws(FileSystemError) -> Data {
        try Self.refuseNUL(in: path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .from(errno: errno, operation: "open", path: path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .from(errno: errno, operation: "fstat", path: path) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw .failed(operation: "read", path: path, errno: EISDIR)
        }
        // Sized from `fstat` and not zeroed: `Data(count:)` reserves a quarter more than asked and
        // clears all of it, which for a 2.9 MB photo is 0.7 MB of memory touched for nothing.
        // Files that report no size (`/proc`) or grow while read are read on to the end.
        return try readBytes(from: descriptor, path: path, capacity: max(Int(info.st_size), 0) + 1)
    }

    /// Reads from `descriptor` to the end of the file or `limit` bytes, whichever comes first,
    /// into one unzeroed buffer of `capacity` bytes that doubles (never past `limit`) while the
    /// file goes on.
    func readBytes(from descriptor: Int32, path: String, capacity: Int, limit: Int = .max) throws(FileSystemError) -> Data {
        var capacity = min(capacity, limit)
        guard capacity > 0 else { return Data() }
        guard var buffer = malloc(capacity) else { throw .failed(operation: "read", path: path, errno: ENOMEM) }
        var filled = 0
        while true {
            if filled == capacity {
                guard capacity < limit else { break }
                capacity = capacity > limit / 2 ? limit : capacity * 2
                guard let grown = realloc(buffer, capacity) else {
                    free(buffer)
                    throw .failed(operation: "read", path: path, errno: ENOMEM)
                }
                buffer = grown
            }
            let count = read(descriptor, buffer + filled, capacity - filled)
            if count < 0 {
                if errno == EINTR { continue }
                let failure = errno
                free(buffer)
                throw .from(errno: failure, operation: "read", path: path)
            }
            if count == 0 { break }
            filled += count
        }
        return Data(bytesNoCopy: buffer, count: filled, deallocator: .free)
    }

    public func writeAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        try writeThroughTemporaryFile(data, to: path)
        try syncFolder(path.deletingLastPathComponent)
    }

    /// Tells ``CrashPoint/reachedObserver`` (a simulator running this code in an app process);
    /// nothing else happens on a real file system.
    public func reach(_ point: CrashPoint) throws(FileSystemError) {
        CrashPoint.reachedObserver?(point)
    }

    /// The atomic write, with `point` between the synced temporary file and its rename.
    public func writeAtomically(_ data: Data, to path: String, beforeRename point: CrashPoint) throws(FileSystemError) {
        try writeThroughTemporaryFile(data, to: path, beforeRename: point)
        try syncFolder(path.deletingLastPathComponent)
    }

    /// The file is synced before its rename, as in ``writeAtomically(_:to:)``, so its name never
    /// stands for bytes that are not on the disk; its folder's sync is left to ``synchronize(_:)``.
    /// (Leaving the file's own sync to the end as well was slower for large files: the syncs no
    /// longer overlap with the import's decoding.)
    ///
    /// Once synced, the file's pages leave the page cache (`POSIX_FADV_DONTNEED`, advice only): a
    /// bulk import of hundreds of megabytes then does not push out what other programs cache, and
    /// each write reuses the pages the previous one freed, which measured about 2 ms less per
    /// 12-megapixel photo than filling the cache with new pages.
    ///
    /// The finished file takes its name with `link`, which fails on an existing name, instead of
    /// `rename`, which would replace it: what is already at `path` stays, and the call fails with
    /// ``FileSystemError/alreadyExists(path:)``.
    public func writeAtomicallyDeferred(_ data: Data, to path: String) throws(FileSystemError) {
        try writeThroughTemporaryFile(data, to: path, releasingCache: true, replacing: false)
    }

    /// Syncs each folder of `paths` once; the files themselves were synced as they were written.
    public func synchronize(_ paths: [String]) throws(FileSystemError) {
        for path in paths { try Self.refuseNUL(in: path) }
        var folders: [String] = []
        for folder in paths.map(\.deletingLastPathComponent) where !folders.contains(folder) {
            folders.append(folder)
        }
        for folder in folders { try syncFolder(folder) }
    }

    /// A temporary file in the target's folder, `fsync`ed (when durable; then its cached pages are
    /// dropped when `releasingCache`) and renamed over the target, or, unless `replacing`, linked
    /// to the target's name (never replacing what is there) and unlinked; on any failure the
    /// temporary file is removed.
    private func writeThroughTemporaryFile(_ data: Data, to path: String, releasingCache: Bool = false,
                                           replacing: Bool = true, beforeRename point: CrashPoint? = nil) throws(FileSystemError) {
        try Self.refuseNUL(in: path)
        let folder = path.deletingLastPathComponent
        let (descriptor, temporaryPath) = try Self.createTemporaryFile(beside: path, in: folder)
        do throws(FileSystemError) {
            defer { close(descriptor) }
            try writeAll(data, to: descriptor, path: path)
            guard durability == .scratch || fsync(descriptor) == 0 else { throw .from(errno: errno, operation: "fsync", path: path) }
            if releasingCache && durability == .durable { _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED) }
        } catch {
            unlink(temporaryPath)
            throw error
        }
        guard fchmodPath(temporaryPath) == 0 else {
            let code = errno
            unlink(temporaryPath)
            throw .from(errno: code, operation: "chmod", path: temporaryPath)
        }
        if let point { CrashPoint.reachedObserver?(point) }
        if replacing {
            guard rename(temporaryPath, path) == 0 else {
                let code = errno
                unlink(temporaryPath)
                throw .from(errno: code, operation: "rename", path: path)
            }
            return
        }
        let linked = link(temporaryPath, path) == 0
        let code = errno
        unlink(temporaryPath)
        guard linked else {
            if code == EEXIST { throw .alreadyExists(path: path) }
            throw .from(errno: code, operation: "link", path: path)
        }
    }

    public func removeItem(at path: String) throws(FileSystemError) {
        try Self.refuseNUL(in: path)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw .from(errno: errno, operation: "stat", path: path)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            for name in try contentsOfDirectory(at: path) {
                try removeItem(at: path.appendingPathComponent(name))
            }
            guard rmdir(path) == 0 || errno == ENOENT else { throw .from(errno: errno, operation: "rmdir", path: path) }
        } else {
            guard unlink(path) == 0 || errno == ENOENT else { throw .from(errno: errno, operation: "unlink", path: path) }
        }
        try syncFolder(path.deletingLastPathComponent)
    }

    public func fileExists(at path: String) -> Bool {
        var info = stat()
        return !path.utf8.contains(0) && stat(path, &info) == 0
    }

    public func createDirectory(at path: String) throws(FileSystemError) {
        try Self.refuseNUL(in: path)
        if path.isEmpty || fileExists(at: path) { return }
        let parent = path.deletingLastPathComponent
        if parent != path && parent != "." && parent != "/" { try createDirectory(at: parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw .from(errno: errno, operation: "mkdir", path: path)
        }
    }

    public func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        try Self.refuseNUL(in: path)
        guard let directory = opendir(path) else { throw .from(errno: errno, operation: "opendir", path: path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    public func sizeOfItem(at path: String) throws(FileSystemError) -> Int {
        try Self.refuseNUL(in: path)
        var info = stat()
        guard stat(path, &info) == 0 else { throw .from(errno: errno, operation: "stat", path: path) }
        return Int(info.st_size)
    }

    // MARK: - Helpers

    /// Refuses a path with a NUL byte: Swift hands C the bytes before it, which name another file.
    static func refuseNUL(in path: String) throws(FileSystemError) {
        if path.utf8.contains(0) { throw .invalidPath(path: path) }
    }

    private func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(FileSystemError) {
        let failure: Int32? = data.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
        if let failure { throw .from(errno: failure, operation: "write", path: path) }
    }

    /// A new file `.<name>.XXXXXX` in `folder` (six letters or digits, the shape of mkstemp(3)'s
    /// names, which the stores' orphan sweeps recognise), made as mkstemp makes one (a name no
    /// file has, `O_CREAT | O_EXCL`, mode 0600) but close-on-exec: a process another thread
    /// spawns meanwhile must not inherit the write descriptor (an executable still open for
    /// writing in any process cannot be run: ETXTBSY). The six characters come from
    /// ``temporaryNameBase`` (the process id, unless set) and a counter, not from a random
    /// source; a name another process left is stepped over.
    private static func createTemporaryFile(beside path: String, in folder: String) throws(FileSystemError) -> (Int32, String) {
        let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for _ in 0..<100 {
            // 62^6 names: the counter in the low places, the process's base above it.
            var value = (temporaryNameBase &+ UInt64(nextTemporaryNumber())) % 56_800_235_584
            var suffix = [UInt8](repeating: 0, count: 6)
            for index in (0..<6).reversed() {
                suffix[index] = digits[Int(value % 62)]
                value /= 62
            }
            let candidate = folder.appendingPathComponent(".\(path.lastPathComponent).\(String(decoding: suffix, as: UTF8.self))")
            let descriptor = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (descriptor, candidate) }
            if errno != EEXIST { throw .from(errno: errno, operation: "create temporary file", path: path) }
        }
        throw .from(errno: EEXIST, operation: "create temporary file", path: path)
    }

    /// What sets this process's temporary names apart from another's: from the process id,
    /// unless set before the first write. UIKit sets it from the world's seed in an app process,
    /// so the names (which fault lines show) are the same on every run of a seed; `O_EXCL` steps
    /// over a name another process left.
    nonisolated(unsafe) public static var temporaryNameBase = UInt64(getpid()) &* 1_000_003

    private static let temporaryNumberLock = NSLock()
    nonisolated(unsafe) private static var temporaryNumber = 0

    private static func nextTemporaryNumber() -> Int {
        temporaryNumberLock.lock()
        defer { temporaryNumberLock.unlock() }
        temporaryNumber += 1
        return temporaryNumber
    }

    /// mkstemp creates files readable by the owner only; photos are ordinary 0644 files.
    private func fchmodPath(_ path: String) -> Int32 {
        chmod(path, 0o644)
    }

    func syncFolder(_ folder: String) throws(FileSystemError) {
        guard durability == .durable else { return }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .from(errno: errno, operation: "open folder", path: folder) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .from(errno: errno, operation: "fsync folder", path: folder) }
    }
}
