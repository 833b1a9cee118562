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
/// - Failures are ``FileSystemError``s naming the path; a missing item is `notFound`; a path with
///   a NUL byte is `invalidPath` and touches nothing (`fileExists` says `false`).
/// - `statusOfItem` never follows a final symbolic link (`lstat`), so a caller can refuse one: a
///   link, dangling or not, is `.symbolicLink`; nothing there is `nil`, not an error.
/// - `resolvedPath` is canonical: no `.`, `..` or symbolic link left; a missing path is `notFound`.
/// - `contents(ofRegularFile:limitBytes:prefixBytes:)` follows links to a regular file, never
///   blocks on a FIFO or device and never reads more than the limit: it checks the kind
///   (`notRegularFile` with the kind) and the size (`tooLarge`, prefix or not) before reading a
///   byte, returns at most `prefixBytes` bytes, and reports the whole file's status.
/// - `moveItem` never replaces an existing destination (`alreadyExists`, both left as they
///   were); moving what is not there fails and creates nothing.
/// - `writeAtomicallyDeferred` is as atomic for readers as `writeAtomically`, but creates a new
///   file only: it never replaces what is at `path` (`alreadyExists`, which is left as it was);
///   its file is durable once a later `synchronize` naming the path returns. A conformer that
///   implements one of the two implements both (the defaults refuse an existing name, write
///   durably and synchronize nothing).
public protocol FileSystem: FaultHooks {
    func contents(of path: String) throws(FileSystemError) -> Data
    func writeAtomically(_ data: Data, to path: String) throws(FileSystemError)
    func removeItem(at path: String) throws(FileSystemError)
    func fileExists(at path: String) -> Bool
    func createDirectory(at path: String) throws(FileSystemError)
    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String]
    func sizeOfItem(at path: String) throws(FileSystemError) -> Int
    /// What is at `path` without following a final symbolic link (`lstat`); `nil` when nothing is.
    func statusOfItem(at path: String) throws(FileSystemError) -> FileStatus?
    /// `path` with every symbolic link, `.` and `..` resolved (`realpath`).
    func resolvedPath(of path: String) throws(FileSystemError) -> String
    /// Makes the regular file at `path` executable (mode 0755) or not (0644), as an installer
    /// keeps an app's executable runnable; does not follow a final symbolic link into another
    /// file's mode (a link is ``FileSystemError/notRegularFile(path:kind:)``).
    func setExecutable(_ executable: Bool, at path: String) throws(FileSystemError)
    /// The first `prefixBytes` bytes (all when `nil`) of the regular file at `path`, following
    /// symbolic links, with its status.
    ///
    /// Opens without blocking (`O_NONBLOCK`) and checks with `fstat` before reading: anything but
    /// a regular file is ``FileSystemError/notRegularFile(path:kind:)``, a file over `limitBytes`
    /// is ``FileSystemError/tooLarge(path:sizeBytes:limitBytes:)``.
    func contents(ofRegularFile path: String, limitBytes: Int, prefixBytes: Int?) throws(FileSystemError) -> RegularFileContents
    /// Renames `source` to `destination` (same file system) and syncs both folders; refuses to
    /// replace an existing `destination` (``FileSystemError/alreadyExists(path:)``).
    func moveItem(at source: String, to destination: String) throws(FileSystemError)
    /// Creates the file at `path` with `data`, atomically for readers (nothing, then the whole
    /// file; nothing changed when it fails), but not yet durable: the file and its name are on
    /// the disk only once ``synchronize(_:)`` returns for the path. For many files that must all
    /// be on the disk before one commit (a media import), which then pays one folder sync instead
    /// of one per file.
    ///
    /// Never replaces: when anything is at `path` already the call fails with
    /// ``FileSystemError/alreadyExists(path:)`` and leaves it as it was.
    func writeAtomicallyDeferred(_ data: Data, to path: String) throws(FileSystemError)
    /// Makes the files at `paths`, written by ``writeAtomicallyDeferred(_:to:)``, durable with
    /// their folders, each folder synced once. A failure names the path; which of the files reached
    /// the disk is then unknown.
    func synchronize(_ paths: [String]) throws(FileSystemError)
    /// Whether changes are synced to the disk (``FileDurability``). A wrapper reports the file
    /// system it wraps, so a fault layer over a scratch device lets the device's SQLite stores
    /// skip their syncs as the device's other files do.
    var durability: FileDurability { get }
}

/// Where a fault layer hooks into the code that writes, apart from the file operations
/// themselves: the named moments of Core's write paths (``CrashPoint``) and the SQLite VFS its
/// stores open with. Core calls these on the ``FileSystem`` it is given; a file system without a
/// fault layer does nothing at them (the defaults), and a ``FileSystemWrapper`` passes them to
/// the file system it wraps.
public protocol FaultHooks: AnyObject {
    /// Marks the moment `point` of a write path. A real file system does nothing; a fault layer
    /// may stop the process here (``FileSystemError/simulatedCrash(operation:path:)``) and keep
    /// every later change off the disk. Callers let the error propagate.
    func reach(_ point: CrashPoint) throws(FileSystemError)
    /// `writeAtomically(_:to:)`, naming the moment between the temporary file and its rename, so
    /// a fault layer can stop the process with the temporary file on disk and the target as it was.
    func writeAtomically(_ data: Data, to path: String, beforeRename point: CrashPoint) throws(FileSystemError)
    /// The SQLite VFS stores opened through this file system use (`nil`: SQLite's default), so a
    /// fault layer sees the stores' own writes and syncs too.
    var sqliteVFSName: String? { get }
}

/// Whether a file system's changes are on the disk when a call returns.
public enum FileDurability: Sendable {
    /// Files and folders are `fsync`ed (the ``FileSystem`` contract).
    case durable
    /// Nothing is `fsync`ed: for throw-away folders only.
    case scratch
}

extension FileSystem {
    /// Nothing happens at a crash point on a file system without a fault layer.
    public func reach(_ point: CrashPoint) throws(FileSystemError) {}

    /// Without a fault layer, the plain atomic write.
    public func writeAtomically(_ data: Data, to path: String, beforeRename point: CrashPoint) throws(FileSystemError) {
        try writeAtomically(data, to: path)
    }

    /// Without a deferred write of its own, the durable one, after refusing an existing name:
    /// nothing is left to synchronize. (Only a conformer's own deferred write can refuse the name
    /// and take it in one step; callers hold a lock against other writers of the folder.)
    public func writeAtomicallyDeferred(_ data: Data, to path: String) throws(FileSystemError) {
        if try statusOfItem(at: path) != nil { throw .alreadyExists(path: path) }
        try writeAtomically(data, to: path)
    }

    /// Nothing to do after durable writes.
    public func synchronize(_ paths: [String]) throws(FileSystemError) {}

    /// SQLite's default VFS.
    public var sqliteVFSName: String? { nil }

    /// Durable, as the contract asks.
    public var durability: FileDurability { .durable }
}

/// A file system over another one, ``base``: every call, the fault hooks included, goes to
/// `base` unless the wrapper implements it itself. A wrapper implements only what it changes, so
/// a call added to ``FileSystem`` later is forwarded rather than quietly answered by a default.
///
/// A wrapper that acts on writes implements all three: ``FileSystem/writeAtomically(_:to:)``,
/// ``FaultHooks/writeAtomically(_:to:beforeRename:)`` and ``FileSystem/writeAtomicallyDeferred(_:to:)``.
///
/// ```swift
/// final class CountingFileSystem: FileSystemWrapper {
///     let base: FileSystem
///     var removals = 0
///     init(_ base: FileSystem) { self.base = base }
///     func removeItem(at path: String) throws(FileSystemError) { removals += 1; try base.removeItem(at: path) }
/// }
/// ```
public protocol FileSystemWrapper: FileSystem {
    /// The file system calls go to.
    var base: FileSystem { get }
}

extension FileSystemWrapper {
    public func contents(of path: String) throws(FileSystemError) -> Data { try base.contents(of: path) }
    public func writeAtomically(_ data: Data, to path: String) throws(FileSystemError) { try base.writeAtomically(data, to: path) }
    public func removeItem(at path: String) throws(FileSystemError) { try base.removeItem(at: path) }
    public func fileExists(at path: String) -> Bool { base.fileExists(at: path) }
    public func createDirectory(at path: String) throws(FileSystemError) { try base.createDirectory(at: path) }
    public func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] { try base.contentsOfDirectory(at: path) }
    public func sizeOfItem(at path: String) throws(FileSystemError) -> Int { try base.sizeOfItem(at: path) }
    public func statusOfItem(at path: String) throws(FileSystemError) -> FileStatus? { try base.statusOfItem(at: path) }
    public func resolvedPath(of path: String) throws(FileSystemError) -> String { try base.resolvedPath(of: path) }
    public func setExecutable(_ executable: Bool, at path: String) throws(FileSystemError) {
        try base.setExecutable(executable, at: path)
    }
    public func contents(ofRegularFile path: String, limitBytes: Int, prefixBytes: Int?) throws(FileSystemError) -> RegularFileContents {
        try base.contents(ofRegularFile: path, limitBytes: limitBytes, prefixBytes: prefixBytes)
    }
    public func moveItem(at source: String, to destination: String) throws(FileSystemError) {
        try base.moveItem(at: source, to: destination)
    }
    public func writeAtomicallyDeferred(_ data: Data, to path: String) throws(FileSystemError) {
        try base.writeAtomicallyDeferred(data, to: path)
    }
    public func synchronize(_ paths: [String]) throws(FileSystemError) { try base.synchronize(paths) }
    public var durability: FileDurability { base.durability }
    public func reach(_ point: CrashPoint) throws(FileSystemError) { try base.reach(point) }
    public func writeAtomically(_ data: Data, to path: String, beforeRename point: CrashPoint) throws(FileSystemError) {
        try base.writeAtomically(data, to: path, beforeRename: point)
    }
    public var sqliteVFSName: String? { base.sqliteVFSName }
}

/// The kind of a file-system entry, as `lstat` reports it.
public enum FileKind: String, Sendable, Equatable {
    case regularFile = "regular file"
    case directory = "folder"
    case symbolicLink = "symbolic link"
    case namedPipe = "named pipe (FIFO)"
    case characterDevice = "character device"
    case blockDevice = "block device"
    case socket = "socket"
    case unknown = "special file"
}

/// What `lstat`/`fstat` says about an entry: its kind, size and last modification.
public struct FileStatus: Sendable, Equatable {
    public let kind: FileKind
    public let sizeBytes: Int
    /// `st_mtim` in nanoseconds since 1970 (to notice a file that changed between two looks).
    public let modificationNanoseconds: Int64
    /// The owner may execute it (`S_IXUSR`).
    public let isExecutable: Bool

    public init(kind: FileKind, sizeBytes: Int, modificationNanoseconds: Int64, isExecutable: Bool = false) {
        self.kind = kind
        self.sizeBytes = sizeBytes
        self.modificationNanoseconds = modificationNanoseconds
        self.isExecutable = isExecutable
    }
}

/// A bounded read of a regular file: the bytes read and the file's status when it was opened.
public struct RegularFileContents: Sendable {
    public let data: Data
    public let status: FileStatus

    public init(data: Data, status: FileStatus) {
        self.data = data
        self.status = status
    }
}

extension FileSystem {
    /// The whole regular file at `path`, refusing anything else and anything over `limitBytes`.
    public func contents(ofRegularFile path: String, limitBytes: Int) throws(FileSystemError) -> RegularFileContents {
        try contents(ofRegularFile: path, limitBytes: limitBytes, prefixBytes: nil)
    }
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
    /// Something that is not a regular file (a FIFO, a device, a folder ...) where one was needed.
    case notRegularFile(path: String, kind: FileKind)
    /// A file bigger than the caller's limit; nothing of it was read.
    case tooLarge(path: String, sizeBytes: Int, limitBytes: Int)
    /// The destination of a move exists; it was left as it was.
    case alreadyExists(path: String)
    /// The file's size or modification time changed since it was checked.
    case changedWhileReading(path: String)
    /// The path holds a NUL byte, which no file name can hold: the C calls would stop reading
    /// it there and touch another file, so nothing was done.
    case invalidPath(path: String)

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
        case .notRegularFile(let path, let kind):
            return "\(path) is a \(kind.rawValue), not a regular file"
        case .tooLarge(let path, let size, let limit):
            return "\(path) is \(size) bytes, more than the limit of \(limit) bytes"
        case .alreadyExists(let path):
            return "\(path) already exists; it was left as it was"
        case .changedWhileReading(let path):
            return "\(path) changed while it was being read; try again when nothing writes to it"
        case .invalidPath(let path):
            return "\(path.replacingOccurrences(of: "\0", with: "\\0")) contains a NUL byte, which no file name can hold;"
                + " nothing was read or changed"
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
