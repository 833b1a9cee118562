import CSQLite
import Foundation

/// An SQLite failure: the result code, SQLite's own message and the statement or file it concerns.
///
/// Its ``description`` starts with what went wrong in words (``kind``'s ``Kind/summary``), so a
/// store that puts the error in its own message never shows a user a bare "SQLite error 4874":
///
/// ```swift
/// let error = SQLiteError(code: SQLITE_FULL, message: "database or disk is full", context: "COMMIT")
/// error.kind            // .diskFull
/// error.description     // "the disk is full (SQLite error 13: database or disk is full, in COMMIT)"
/// ```
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code (`sqlite3_extended_result_codes` is on for every connection).
    public let code: Int32
    public let message: String
    public let context: String
    /// The operating system's `errno` behind an I/O failure (`sqlite3_system_errno`), 0 if none.
    public var systemErrno: Int32 = 0

    public init(code: Int32, message: String, context: String, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.context = context
        self.systemErrno = systemErrno
    }

    /// The primary result code: the low byte of ``code`` (`SQLITE_IOERR` for `SQLITE_IOERR_WRITE`).
    public var primaryCode: Int32 { code & 0xFF }

    /// What went wrong, in words, then SQLite's code, message and the statement or file.
    public var description: String {
        let cause = systemErrno == 0 ? "" : ", errno \(systemErrno) \(String(cString: strerror(systemErrno)))"
        return "\(kind.summary) (SQLite error \(code): \(message)\(cause), in \(context))"
    }

    /// True for `SQLITE_BUSY` / `SQLITE_LOCKED`: another connection holds the lock.
    public var isBusy: Bool { kind == .busy }
    /// True for `SQLITE_CONSTRAINT` (unique, foreign key, not-null ...).
    public var isConstraint: Bool { kind == .constraint }
    /// True for `SQLITE_NOTADB`: the file exists but is not an SQLite database.
    public var isNotADatabase: Bool { kind == .notADatabase }
    /// True for `SQLITE_CANTOPEN`: the file or its folder cannot be opened or created.
    public var isCannotOpen: Bool { kind == .cannotOpen }
    /// True for `SQLITE_FULL`, and for an `SQLITE_IOERR` whose `errno` is `ENOSPC` or `EDQUOT`.
    public var isDiskFull: Bool { kind == .diskFull }
    /// True for `SQLITE_CORRUPT` and `SQLITE_NOTADB`: the file is damaged or not a database.
    public var isCorrupt: Bool { kind == .corrupt || kind == .notADatabase }
    /// True for `SQLITE_READONLY`: the file or its folder cannot be written.
    public var isReadOnly: Bool { kind == .readOnly }
}
