import Core
import Foundation
import Synchronization
import Testing
@testable import DeviceStore

/// How the lock file is opened on a set the user may not write, with `open(2)` replaced by a
/// table of answers (tests run as root, for whom permissions never refuse).
@Suite("File lock opening")
struct FileLockOpeningTests {
    /// What the fake `open` answers for read-write and for read-only opens.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let mode: FileLock.Mode
        let readingMayGoUnlocked: Bool
        let readWriteErrno: Int32
        let readOnlyErrno: Int32
        let expected: Expected
        var testDescription: String { name }
    }

    /// The opening, or the `errno` of the error when it fails.
    enum Expected: Sendable { case opening(FileLock.Opening), failure(Int32) }

    static let path = "/set/.lock"

    static let cases: [Case] = [
        Case(name: "a writable set opens read-write", mode: .shared, readingMayGoUnlocked: true,
             readWriteErrno: 0, readOnlyErrno: 0, expected: .opening(.descriptor(3))),
        Case(name: "a shared lock on a file it cannot write opens it read-only", mode: .shared, readingMayGoUnlocked: false,
             readWriteErrno: EACCES, readOnlyErrno: 0, expected: .opening(.descriptor(4))),
        Case(name: "a read-only file system opens it read-only", mode: .shared, readingMayGoUnlocked: false,
             readWriteErrno: EROFS, readOnlyErrno: 0, expected: .opening(.descriptor(4))),
        Case(name: "a reader goes unlocked when the lock file cannot be created", mode: .shared, readingMayGoUnlocked: true,
             readWriteErrno: EACCES, readOnlyErrno: ENOENT, expected: .opening(.unlocked)),
        Case(name: "a shared writer does not go unlocked", mode: .shared, readingMayGoUnlocked: false,
             readWriteErrno: EACCES, readOnlyErrno: ENOENT, expected: .failure(EACCES)),
        Case(name: "an exclusive lock never falls back", mode: .exclusive, readingMayGoUnlocked: true,
             readWriteErrno: EROFS, readOnlyErrno: 0, expected: .failure(EROFS)),
        Case(name: "a symbolic link is refused, not followed", mode: .shared, readingMayGoUnlocked: true,
             readWriteErrno: ELOOP, readOnlyErrno: 0, expected: .failure(ELOOP)),
        Case(name: "an unreadable lock file fails for a reader too", mode: .shared, readingMayGoUnlocked: true,
             readWriteErrno: EACCES, readOnlyErrno: EACCES, expected: .failure(EACCES)),
    ]

    @Test(arguments: cases)
    func theLockFileIsOpenedAsTheSetAllows(sample: Case) {
        let calls = Mutex<[Int32]>([])
        let open: FileLock.OpenCall = { path, flags in
            #expect(path == Self.path)
            #expect(flags & O_NOFOLLOW != 0, "never through a symbolic link")
            calls.withLock { $0.append(flags) }
            let readOnly = flags & O_ACCMODE == O_RDONLY
            let code = readOnly ? sample.readOnlyErrno : sample.readWriteErrno
            return code == 0 ? (readOnly ? 4 : 3, 0) : (-1, code)
        }
        let outcome = Result { () throws(LockError) in
            try FileLock.openLockFile(Self.path, mode: sample.mode, readingMayGoUnlocked: sample.readingMayGoUnlocked, open: open)
        }
        switch (outcome, sample.expected) {
        case (.success(let opening), .opening(let expected)):
            #expect(opening == expected)
        case (.failure(let error), .failure(let code)):
            #expect(error == .unavailable(.from(errno: code, operation: "open lock file", path: Self.path)))
        default:
            Issue.record("got \(outcome), expected \(sample.expected)")
        }
        #expect(calls.withLock { $0.first.map { $0 & O_CREAT != 0 } } == true, "read-write, creating, comes first")
    }
}
