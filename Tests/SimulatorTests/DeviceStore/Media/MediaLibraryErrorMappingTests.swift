import CSQLite
import Core
import Foundation
@testable import DeviceStore
@testable import SimctlPresentation
import Testing

/// SQLite's result codes become errors that name the problem, with the exit status to match.
@Suite struct MediaLibraryErrorMappingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let code: Int32
        let systemErrno: Int32
        let expectedExitCode: Int32
        let words: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "SQLITE_FULL", code: SQLITE_FULL, systemErrno: 0, expectedExitCode: 74, words: "The disk is full"),
        Case(name: "SQLITE_IOERR_WRITE with ENOSPC", code: SQLITE_IOERR | (3 << 8), systemErrno: ENOSPC,
             expectedExitCode: 74, words: "The disk is full"),
        Case(name: "SQLITE_IOERR_FSYNC with EDQUOT", code: SQLITE_IOERR | (4 << 8), systemErrno: EDQUOT,
             expectedExitCode: 74, words: "The disk is full"),
        Case(name: "SQLITE_BUSY", code: SQLITE_BUSY, systemErrno: 0, expectedExitCode: 75, words: "locked by another program"),
        Case(name: "SQLITE_CORRUPT", code: SQLITE_CORRUPT, systemErrno: 0, expectedExitCode: 74, words: "the file is damaged; SQLite reports it corrupt"),
        Case(name: "SQLITE_NOTADB", code: SQLITE_NOTADB, systemErrno: 0, expectedExitCode: 74,
             words: "the file is damaged (not an SQLite database)"),
        Case(name: "SQLITE_IOERR with EIO", code: SQLITE_IOERR, systemErrno: EIO, expectedExitCode: 74,
             words: "reading or writing the disk failed (SQLite error 10"),
    ]

    @Test(arguments: cases)
    func sqliteFailuresAreNamed(sample: Case) {
        let path = "/set/D/data/Media/PhotoData/Photos.sqlite"
        var failure = SQLiteError(code: sample.code, message: "disk I/O error", context: "COMMIT")
        failure.systemErrno = sample.systemErrno
        let error = MediaLibraryError.sqlite(failure, path: path)
        #expect(error.description.contains(sample.words), "\(error)")
        #expect(!error.description.contains("as it was"))
        #expect(SimctlError.media(error).exitCode == sample.expectedExitCode)
        if sample.code != SQLITE_IOERR { #expect(error.description.contains(path)) }
    }
}
