import CSQLite
@testable import Core
import Foundation
import PhotoSimTesting
import Testing

/// Result codes (primary and extended, with the `errno` behind I/O errors) are sorted into the
/// kinds a user can act on, and every kind reaches a message in words.
@Suite struct SQLiteErrorKindTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let code: Int32
        var systemErrno: Int32 = 0
        let kind: SQLiteError.Kind
        let words: String
        var testDescription: String { name }
    }

    /// Extended codes are `primary | (n << 8)` (sqlite.org/rescode.html); Swift cannot import
    /// their macros, so they are spelled out here.
    static let cases: [Case] = [
        Case(name: "SQLITE_FULL", code: SQLITE_FULL, kind: .diskFull, words: "the disk is full"),
        Case(name: "SQLITE_IOERR_WRITE with ENOSPC", code: 778, systemErrno: ENOSPC, kind: .diskFull, words: "the disk is full"),
        Case(name: "SQLITE_IOERR_FSYNC with EDQUOT", code: 1034, systemErrno: EDQUOT, kind: .diskFull, words: "the disk is full"),
        Case(name: "SQLITE_IOERR_SHMSIZE (4874) with ENOSPC", code: 4874, systemErrno: ENOSPC, kind: .diskFull,
             words: "the disk is full"),
        Case(name: "SQLITE_IOERR_SHMSIZE (4874) without errno", code: 4874, kind: .ioFailure,
             words: "reading or writing the disk failed"),
        Case(name: "SQLITE_IOERR_READ with EIO", code: 266, systemErrno: EIO, kind: .ioFailure,
             words: "reading or writing the disk failed"),
        Case(name: "SQLITE_BUSY", code: SQLITE_BUSY, kind: .busy, words: "another program holds the database"),
        Case(name: "SQLITE_BUSY_SNAPSHOT", code: 517, kind: .busy, words: "another program holds the database"),
        Case(name: "SQLITE_LOCKED", code: SQLITE_LOCKED, kind: .busy, words: "another program holds the database"),
        Case(name: "SQLITE_CORRUPT", code: SQLITE_CORRUPT, kind: .corrupt, words: "the file is damaged"),
        Case(name: "SQLITE_CORRUPT_INDEX", code: 779, kind: .corrupt, words: "the file is damaged"),
        Case(name: "SQLITE_NOTADB", code: SQLITE_NOTADB, kind: .notADatabase,
             words: "the file is damaged (not an SQLite database)"),
        Case(name: "SQLITE_READONLY", code: SQLITE_READONLY, kind: .readOnly, words: "the database or its folder cannot be written"),
        Case(name: "SQLITE_READONLY_DIRECTORY", code: 1544, kind: .readOnly, words: "the database or its folder cannot be written"),
        Case(name: "SQLITE_CANTOPEN", code: SQLITE_CANTOPEN, kind: .cannotOpen, words: "the database or its folder cannot be opened"),
        Case(name: "SQLITE_CANTOPEN_ISDIR", code: 526, kind: .cannotOpen, words: "the database or its folder cannot be opened"),
        Case(name: "SQLITE_CONSTRAINT_UNIQUE", code: 2067, kind: .constraint, words: "a change broke a rule of the database"),
        Case(name: "SQLITE_INTERRUPT", code: SQLITE_INTERRUPT, kind: .workLimitReached,
             words: "the statement did more work than its bound allows"),
        Case(name: "SQLITE_ERROR", code: SQLITE_ERROR, kind: .other, words: "the database failed"),
        Case(name: "SQLITE_MISUSE", code: SQLITE_MISUSE, kind: .other, words: "the database failed"),
    ]

    @Test(arguments: cases)
    func aCodeIsSortedIntoItsKindAndWorded(sample: Case) {
        let error = SQLiteError(code: sample.code, message: "sqlite's own words", context: "COMMIT", systemErrno: sample.systemErrno)
        #expect(error.kind == sample.kind)
        #expect(error.description.hasPrefix(sample.words), "\(error)")
        #expect(error.description.contains("SQLite error \(sample.code)"), "the code stays for a bug report")
        #expect(error.description.contains("sqlite's own words") && error.description.contains("COMMIT"))
        #expect(error.isDiskFull == (sample.kind == .diskFull))
        #expect(error.isBusy == (sample.kind == .busy))
        #expect(error.isCorrupt == (sample.kind == .corrupt || sample.kind == .notADatabase))
    }

    @Test func everyKindHasItsOwnSummaryAndAdvice() {
        let kinds = SQLiteError.Kind.allCases
        #expect(Set(kinds.map(\.summary)).count == kinds.count)
        for kind in kinds {
            #expect(!kind.summary.isEmpty && kind.advice.hasSuffix("."), "\(kind)")
        }
    }

    @Test func anIOErrorNamesTheSystemsReason() {
        let error = SQLiteError(code: 778, message: "disk I/O error", context: "COMMIT", systemErrno: ENOSPC)
        #expect(error.description.contains("errno \(ENOSPC) \(String(cString: strerror(ENOSPC)))"), "\(error)")
    }

    /// Real failures from SQLite itself, not made-up codes.
    @Test func aFileThatIsNotADatabaseIsNamedSo() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let path = folder.appending("notes.sqlite")
        try POSIXFileSystem().writeAtomically(Data(repeating: 0x41, count: 4_096), to: path)
        #expect {
            try SQLiteDatabase(path: path, options: .durable())
        } throws: { error in
            (error as? SQLiteError)?.kind == .notADatabase && "\(error)".contains("not an SQLite database")
        }
    }

    @Test func aFullDatabaseIsADiskFull() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let database = try SQLiteDatabase(path: folder.appending("full.sqlite"), options: .durable())
        try database.execute("CREATE TABLE T (A BLOB)")
        try SQLiteTestSupport.capAtCurrentSize(database)
        #expect {
            try database.run("INSERT INTO T (A) VALUES (zeroblob(100000))")
        } throws: { error in
            (error as? SQLiteError)?.kind == .diskFull && "\(error)".hasPrefix("the disk is full")
        }
    }

    @Test func aMissingFileIsNotCreatedWhenTheOptionsSaySo() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let path = folder.appending("absent.sqlite")
        #expect {
            try SQLiteDatabase(path: path, options: .durable(creating: false))
        } throws: { error in
            (error as? SQLiteError)?.kind == .cannotOpen
        }
        #expect(!POSIXFileSystem().fileExists(at: path))
    }
}
