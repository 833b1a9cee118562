/// How ``SQLiteDatabase/init(path:options:)`` opens a file: access, journal, busy policy.
///
/// ```swift
/// let store = try SQLiteDatabase(path: path, options: .durable())                 // WAL, synchronous=FULL
/// let reader = try SQLiteDatabase(path: path, options: SQLiteOpenOptions(access: .readOnly))
/// ```
public struct SQLiteOpenOptions {
    /// What the connection may do to the file.
    public enum Access: Sendable, Equatable {
        /// Read and write, creating the file when it does not exist.
        case readWriteCreating
        /// Read and write a file that must exist (`SQLITE_CANTOPEN` otherwise).
        case readWrite
        /// Read only; nothing is written (SQLite may keep its `-shm` index beside a WAL file).
        case readOnly
        /// Read only, and SQLite is promised that nothing changes the file (URI parameter
        /// `immutable=1`): no lock and no `-shm` file, so a database in a folder that cannot be
        /// written opens.
        case immutable

        /// True for the two read-write accesses.
        public var writes: Bool { self == .readWriteCreating || self == .readWrite }
    }

    public var access: Access
    /// Switch to the WAL journal with this commit durability on opening; `nil` leaves the
    /// journal as the file has it. Only for a writing access.
    public var writeAheadLog: SQLiteDatabase.Synchronous?
    /// What to do when another connection holds the lock.
    public var busy: SQLiteBusyPolicy
    /// The registered SQLite VFS to open the file with (`nil`: SQLite's default, `unix`). The
    /// simulator passes its fault VFS here (``FileSystem/sqliteVFSName``) so a device's stores
    /// can fail or freeze as its files do.
    public var vfsName: String?
    /// The most virtual-machine steps one statement (one call of `execute`, `run`, `query` or
    /// `firstRows`) may take before SQLite stops it (`sqlite3_progress_handler`, asked every
    /// 1,000 steps): it then fails with ``SQLiteError/Kind/workLimitReached``. `nil`: no bound.
    /// Steps, not time, so the bound is the same on every machine; for SQL a user wrote, such as
    /// a scenario's `assertQuery`, where a recursive query may never end.
    public var maximumStepsPerStatement: Int?

    public init(access: Access = .readWriteCreating, writeAheadLog: SQLiteDatabase.Synchronous? = nil,
                busy: SQLiteBusyPolicy = .failAtOnce, vfsName: String? = nil) {
        precondition(writeAheadLog == nil || access.writes, "a read-only connection cannot switch the journal")
        self.access = access
        self.writeAheadLog = writeAheadLog
        self.busy = busy
        self.vfsName = vfsName
    }

    /// A store's options: read-write (creating the file unless `creating` is false), WAL with
    /// `synchronous=FULL` so a commit is on disk when it returns.
    public static func durable(creating: Bool = true, busy: SQLiteBusyPolicy = .failAtOnce,
                               vfsName: String? = nil) -> SQLiteOpenOptions {
        SQLiteOpenOptions(access: creating ? .readWriteCreating : .readWrite, writeAheadLog: .full, busy: busy,
                          vfsName: vfsName)
    }
}
