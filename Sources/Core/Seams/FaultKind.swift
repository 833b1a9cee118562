import Foundation

/// A file-system fault, with the word scenarios use for it: the one vocabulary of faults, used by
/// PhotoSimTesting's `FaultInjectingFileSystem` and by the simulator's fault layer alike.
public enum FaultKind: String, Sendable, CaseIterable, Equatable {
    /// `ENOSPC` at the seam (``FileSystemError/noSpace(path:)``), `SQLITE_FULL` in a store.
    case diskFull
    /// `EIO`: ``FileSystemError/failed(operation:path:errno:)``, `SQLITE_IOERR_*` in a store.
    case ioError
    /// Part of the bytes written, then a failure: an atomic write at the seam fails and leaves the
    /// old file; a store's page write puts half its bytes on disk and fails with `SQLITE_FULL`, as
    /// SQLite's unix VFS reports a short write.
    case shortWrite
    /// `fsync` fails with `EIO` (`SQLITE_IOERR_FSYNC` in a store): the data may not be durable, so
    /// the write is reported failed.
    case fsyncFailure

    /// The error the seam reports for this fault on `operation` of `path`: what POSIXFileSystem
    /// reports for the same failure. Nothing changed on disk.
    public func error(on operation: FaultOperation, path: String) -> FileSystemError {
        switch self {
        case .diskFull: return .noSpace(path: path)
        case .ioError: return .failed(operation: operation.rawValue, path: path, errno: EIO)
        case .shortWrite: return .failed(operation: "write (short write)", path: path, errno: EIO)
        case .fsyncFailure: return .failed(operation: "fsync", path: path, errno: EIO)
        }
    }
}

/// The kind of operation a fault is attached to.
public enum FaultOperation: String, Sendable, CaseIterable, Equatable {
    /// Reading a file (`contents(of:)`, `contents(ofRegularFile:…)`).
    case read
    /// An atomic file write at the seam (deferred ones too), or a page write of a store (its
    /// WAL, journal or file).
    case write
    /// The `fsync` of an atomic write, a `synchronize` of deferred writes, or a store's sync.
    case sync
    /// Removing a file (the seam's `removeItem`, SQLite deleting its journal).
    case remove
    /// The seam's `moveItem` (matched on its source).
    case rename
    /// Making a folder (`createDirectory`).
    case createDirectory
    /// Any change: a write, sync, remove or rename (not a read or a new folder, which are only
    /// faulted when named).
    case any

    /// True when a rule on `self` applies to an operation of `kind`.
    public func covers(_ kind: FaultOperation) -> Bool {
        self == kind || (self == .any && [.write, .sync, .remove, .rename].contains(kind))
    }
}
