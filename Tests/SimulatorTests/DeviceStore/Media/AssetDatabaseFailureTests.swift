import Core
import Foundation
@testable import AppRuntime
@testable import DeviceStore
@testable import SimctlPresentation
import Testing

/// The media library's database when SQLite itself fails: a full database and another program
/// holding the lock are named in words, and nothing is added.
@Suite struct AssetDatabaseFailureTests {
    func library(_ sandbox: MediaSandbox, busy: SQLiteBusyPolicy = .failAtOnce) throws -> MediaLibrary {
        try MediaLibrary(mediaFolder: sandbox.mediaFolder, fileSystem: sandbox.fileSystem, clock: sandbox.clock,
                         random: SplitMix64(seed: 1), databaseBusy: busy)
    }

    func sources(_ sandbox: MediaSandbox, count: Int) throws -> [MediaSource] {
        try (0..<count).map { MediaSource(path: "p\($0).jpg", data: try sandbox.jpeg(width: 8, height: 8, shade: UInt8($0))) }
    }

    /// A real `SQLITE_FULL` (the connection capped with `PRAGMA max_page_count`) while the rows
    /// of 40 photos are inserted.
    @Test func aFullDatabaseIsADiskFullAndAddsNothing() throws {
        let sandbox = try MediaSandbox()
        let library = try library(sandbox)
        let pages = try library.database.connection.query("PRAGMA page_count").first?.first?.integer ?? 0
        try library.database.connection.execute("PRAGMA max_page_count = \(pages)")
        #expect {
            try library.add(try sources(sandbox, count: 40))
        } throws: { error in
            guard case MediaLibraryError.diskFull(let path) = error else { return false }
            return path.hasSuffix("PhotoData/Photos.sqlite") && "\(error)".contains("The disk is full")
                && SimctlError.media(error as! MediaLibraryError).exitCode == 74
        }
        #expect(try library.assets().isEmpty)
        #expect(try sandbox.cameraRollFiles().isEmpty, "the photos written before the commit were removed")
    }

    @Test func anotherProgramHoldingTheDatabaseFailsAtOnceByDefault() throws {
        let sandbox = try MediaSandbox()
        let library = try library(sandbox)
        let other = try SQLiteDatabase(path: sandbox.mediaFolder + "/PhotoData/Photos.sqlite")
        try other.execute("BEGIN IMMEDIATE")
        #expect {
            try library.add(try sources(sandbox, count: 1))
        } throws: { error in
            guard case MediaLibraryError.databaseBusy = error else { return false }
            return "\(error)".contains("locked by another program") && SimctlError.media(error as! MediaLibraryError).exitCode == 75
        }
        try other.execute("ROLLBACK")
        #expect(try sandbox.cameraRollFiles().isEmpty)
    }

    /// The command line's policy: pause through the set's waiter until the other program lets go.
    @Test func aWaitingLibraryAddsOnceTheOtherProgramCommits() throws {
        let sandbox = try MediaSandbox()
        _ = try library(sandbox)
        let other = try SQLiteDatabase(path: sandbox.mediaFolder + "/PhotoData/Photos.sqlite")
        let waiting = VirtualLockWaiting { pause in
            if pause == 3 { try? other.execute("COMMIT") }
        }
        let patient = try library(sandbox, busy: .waiting(waiting, timeoutSeconds: 10))
        try other.execute("BEGIN IMMEDIATE")
        let added = try patient.add(try sources(sandbox, count: 1))
        #expect(waiting.pauseCount == 3)
        #expect(try patient.assets() == added)
    }
}
