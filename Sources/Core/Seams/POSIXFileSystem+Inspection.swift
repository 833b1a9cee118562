import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Looking at entries without trusting them: `lstat`, `realpath`, and bounded reads that never
/// block on a FIFO or a device.
extension POSIXFileSystem {
    public func statusOfItem(at path: String) throws(FileSystemError) -> FileStatus? {
        try Self.refuseNUL(in: path)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .from(errno: errno, operation: "lstat", path: path)
        }
        return Self.status(info)
    }

    public func resolvedPath(of path: String) throws(FileSystemError) -> String {
        try Self.refuseNUL(in: path)
        guard let resolved = realpath(path, nil) else { throw .from(errno: errno, operation: "realpath", path: path) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public func contents(ofRegularFile path: String, limitBytes: Int, prefixBytes: Int?) throws(FileSystemError) -> RegularFileContents {
        try Self.refuseNUL(in: path)
        // O_NONBLOCK: opening a FIFO with no writer, or a tape device, must not wait.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw .from(errno: errno, operation: "open", path: path) }
        defer { close(descriptor) }
        let status = try Self.regularFileStatus(descriptor, path: path)
        guard status.sizeBytes <= limitBytes else {
            throw .tooLarge(path: path, sizeBytes: status.sizeBytes, limitBytes: limitBytes)
        }
        // One byte past the expected end tells a file that grew since `fstat`.
        let wanted = min(prefixBytes ?? Int.max, status.sizeBytes + 1, limitBytes == .max ? .max : limitBytes + 1)
        let data = try readBytes(from: descriptor, path: path, capacity: wanted, limit: wanted)
        if prefixBytes == nil || data.count > status.sizeBytes {
            guard data.count <= limitBytes else {
                throw .tooLarge(path: path, sizeBytes: data.count, limitBytes: limitBytes)
            }
            guard data.count == status.sizeBytes else { throw .changedWhileReading(path: path) }
        }
        return RegularFileContents(data: data, status: status)
    }

    // MARK: - Helpers

    /// `fstat` of an open descriptor, refusing anything but a regular file.
    static func regularFileStatus(_ descriptor: Int32, path: String) throws(FileSystemError) -> FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .from(errno: errno, operation: "fstat", path: path) }
        let status = Self.status(info)
        guard status.kind == .regularFile else { throw .notRegularFile(path: path, kind: status.kind) }
        return status
    }

    static func status(_ info: stat) -> FileStatus {
        let kind: FileKind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regularFile
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .namedPipe
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFSOCK: kind = .socket
        default: kind = .unknown
        }
        let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return FileStatus(kind: kind, sizeBytes: Int(info.st_size), modificationNanoseconds: nanoseconds,
                          isExecutable: info.st_mode & S_IXUSR != 0)
    }

    public func setExecutable(_ executable: Bool, at path: String) throws(FileSystemError) {
        try Self.refuseNUL(in: path)
        // O_NOFOLLOW: a link is refused rather than changing what it points at.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw .notRegularFile(path: path, kind: .symbolicLink) }
            throw .from(errno: errno, operation: "open", path: path)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .from(errno: errno, operation: "fstat", path: path) }
        let status = Self.status(info)
        guard status.kind == .regularFile else { throw .notRegularFile(path: path, kind: status.kind) }
        guard fchmod(descriptor, executable ? 0o755 : 0o644) == 0 else { throw .from(errno: errno, operation: "fchmod", path: path) }
    }
}
