/// A file-system fault the fault layer can inject, with the word scenarios use for it.
public enum FaultKind: String, Sendable, CaseIterable, Equatable {
    /// `ENOSPC` at the seam (``Core/FileSystemError/noSpace(path:)``), `SQLITE_FULL` in a store.
    case diskFull
    /// `EIO`: ``Core/FileSystemError/failed(operation:path:errno:)``, `SQLITE_IOERR_*` in a store.
    case ioError
    /// Part of the bytes written, then a failure: an atomic write at the seam fails and leaves the
    /// old file; a store's page write puts half its bytes on disk and fails with `SQLITE_FULL`, as
    /// SQLite's unix VFS reports a short write.
    case shortWrite
    /// `fsync` fails with `EIO` (`SQLITE_IOERR_FSYNC` in a store): the data may not be durable, so
    /// the write is reported failed.
    case fsyncFailure
}

/// The kind of operation a fault is attached to.
public enum FaultOperation: String, Sendable, CaseIterable, Equatable {
    /// An atomic file write at the seam, or a page write of a store (its WAL, journal or file).
    case write
    /// The `fsync` of an atomic write, or a store's sync.
    case sync
    /// Removing a file (the seam's `removeItem`, SQLite deleting its journal).
    case remove
    /// The seam's `moveItem`.
    case rename
    /// Any of the above.
    case any

    /// True when a rule on `self` applies to an operation of `kind`.
    func covers(_ kind: FaultOperation) -> Bool {
        self == .any || self == kind
    }
}
