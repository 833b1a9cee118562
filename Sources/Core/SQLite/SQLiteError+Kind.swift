import CSQLite
import Foundation

extension SQLiteError {
    /// What an SQLite failure means for a user, in the few classes a user can act on.
    ///
    /// The one place result codes are named: every store asks ``SQLiteError/kind`` instead of
    /// testing codes, and words its message with ``summary`` and ``advice``. Codes and their
    /// meaning: <https://www.sqlite.org/rescode.html>.
    public enum Kind: String, Sendable, CaseIterable {
        /// `SQLITE_FULL`, or an `SQLITE_IOERR` whose `errno` is `ENOSPC` or `EDQUOT`.
        case diskFull
        /// `SQLITE_BUSY` / `SQLITE_LOCKED`: another connection holds the lock.
        case busy
        /// `SQLITE_CORRUPT`: the file is an SQLite database, but damaged.
        case corrupt
        /// `SQLITE_NOTADB`: the file is not an SQLite database at all.
        case notADatabase
        /// `SQLITE_READONLY`: the file or its folder cannot be written.
        case readOnly
        /// `SQLITE_CANTOPEN`: the file or its folder cannot be opened or created.
        case cannotOpen
        /// `SQLITE_CONSTRAINT`: a change breaks a rule of the schema (unique, not-null ...).
        case constraint
        /// `SQLITE_IOERR` for any other reason: the operating system refused a read or write.
        case ioFailure
        /// `SQLITE_INTERRUPT`: the statement ran past its connection's work bound
        /// (``SQLiteOpenOptions/maximumStepsPerStatement``) and SQLite stopped it; PhotoSim
        /// interrupts a statement for no other reason.
        case workLimitReached
        /// Anything else (a misuse, an unexpected statement failure ...).
        case other

        /// What went wrong, as a clause for a message ("the disk is full").
        public var summary: String {
            switch self {
            case .diskFull: return "the disk is full"
            case .busy: return "another program holds the database"
            case .corrupt: return "the file is damaged"
            case .notADatabase: return "the file is damaged (not an SQLite database)"
            case .readOnly: return "the database or its folder cannot be written"
            case .cannotOpen: return "the database or its folder cannot be opened"
            case .constraint: return "a change broke a rule of the database"
            case .ioFailure: return "reading or writing the disk failed"
            case .workLimitReached: return "the statement did more work than its bound allows"
            case .other: return "the database failed"
            }
        }

        /// What to do about it, as a sentence.
        public var advice: String {
            switch self {
            case .diskFull: return "Free some space on that disk and try again."
            case .busy: return "Wait for the other program to finish, or close it, and try again."
            case .corrupt, .notADatabase: return "Move the file aside (or restore it from a backup) to start afresh."
            case .readOnly, .cannotOpen: return "Check that the file and its folder exist and are writable."
            case .constraint: return "Reload the data and apply the change again."
            case .ioFailure: return "Check the disk and try again."
            case .workLimitReached: return "Make the statement do less: a recursive query needs a condition that ends it, or a LIMIT."
            case .other: return "Try again; if it keeps failing, report the message."
            }
        }
    }

    /// The class of this failure: from the primary code, and for I/O errors the `errno`.
    public var kind: Kind {
        switch primaryCode {
        case SQLITE_FULL: return .diskFull
        case SQLITE_IOERR where systemErrno == ENOSPC || systemErrno == EDQUOT: return .diskFull
        case SQLITE_IOERR: return .ioFailure
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_CORRUPT: return .corrupt
        case SQLITE_NOTADB: return .notADatabase
        case SQLITE_READONLY: return .readOnly
        case SQLITE_CANTOPEN: return .cannotOpen
        case SQLITE_CONSTRAINT: return .constraint
        case SQLITE_INTERRUPT: return .workLimitReached
        default: return .other
        }
    }
}
