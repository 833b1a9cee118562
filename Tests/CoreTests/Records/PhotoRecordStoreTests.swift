@testable import Core
import Foundation
import PhotoSimTesting
import Testing

@Suite struct PhotoRecordStoreTests {
    let directory: TemporaryFolder
    var folder: String { directory.path }
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
    let fileSystem = POSIXFileSystem()

    init() throws {
        directory = try TemporaryFolder(prefix: "photosim-core-")
    }

    func makeStore(_ configuration: PhotoRecordStore.Configuration = .init(), seed: UInt64 = 1) throws -> PhotoRecordStore {
        try PhotoRecordStore(storePath: folder.appendingPathComponent("Images.sqlite"), fileSystem: fileSystem,
                             clock: clock, random: SplitMix64(seed: seed), configuration: configuration)
    }

    @Test func savesAFullSizeAndAThumbnailPairAndLoadsTheLatest() throws {
        let store = try makeStore()
        let first = try store.save(TestImages.gradient(width: 320, height: 200))
        clock.advance(bySeconds: 5)
        let second = try store.save(TestImages.gradient(width: 200, height: 320))
        #expect(try store.recordIDs() == [first, second])
        #expect(second.description == "1700000005.000")

        let full = try ImageProbe.probe(try store.fullSizeData(for: second))
        #expect(full.pixelWidth == 200 && full.pixelHeight == 320)
        let latest = try #require(try store.latestThumbnail())
        #expect(latest == (try store.thumbnailData(for: second)))
        // The whole 200x320 photo scaled to cover the 100x100 box (the seed's resizeFill), not cropped.
        let thumbnail = try ImageProbe.probe(latest)
        #expect(thumbnail.pixelWidth == 100 && thumbnail.pixelHeight == 160)
        #expect(try ImageProbe.probe(try store.thumbnailData(for: first)).pixelWidth == 160)
        try store.checkInvariants()
    }

    /// The seed's `resizeFill(toSize:)`: scaled by the height when the image is wider than the
    /// box, else by the width, so the whole image covers the box.
    @Test(arguments: [(4032, 3024, 1179, 2556, 3408, 2556), (3024, 4032, 1179, 2556, 1917, 2556),
                      (200, 320, 100, 100, 100, 160), (320, 200, 100, 100, 160, 100), (100, 100, 100, 100, 100, 100)])
    func theThumbnailCoversTheViewWithTheWholeImage(width: Int, height: Int, boxWidth: Int, boxHeight: Int,
                                                    coverWidth: Int, coverHeight: Int) {
        let box = ThumbnailSize(widthPoints: boxWidth, heightPoints: boxHeight, scale: 1)
        let cover = box.coveringSize(ofWidth: width, height: height)
        #expect(cover.width == coverWidth && cover.height == coverHeight)
    }

    @Test func emptyStoreHasNoLatestThumbnail() throws {
        #expect(try makeStore().latestThumbnail() == nil)
    }

    @Test func savesAtTheSameInstantGetDistinctOrderedIDs() throws {
        let store = try makeStore()
        let image = TestImages.gradient(width: 40, height: 30)
        let ids = try (0..<3).map { _ in try store.save(image) }
        #expect(Set(ids).count == 3)
        #expect(ids == ids.sorted())
        #expect(ids.map(\.millisecondsSince1970) == [1_700_000_000_000, 1_700_000_000_001, 1_700_000_000_002])
        #expect(try store.latestThumbnail() == (try store.thumbnailData(for: ids[2])))
    }

    @Test func aClockThatGoesBackwardsStillGivesANewerID() {
        let newest = PhotoRecordID(millisecondsSince1970: 2_000_000)
        let next = PhotoRecordID.next(now: Date(timeIntervalSince1970: 1_000), after: newest)
        #expect(next > newest)
        #expect(PhotoRecordID.next(now: Date(timeIntervalSince1970: 3_000), after: newest).secondsSince1970 == 3_000)
    }

    @Test func blobsAboveTheThresholdGoToExternalFilesAndSmallOnesStayInline() throws {
        let store = try makeStore()
        let large = try store.save(TestImages.noise(width: 400, height: 400, seed: 9))
        #expect(try store.fullSizeData(for: large).count > 100_000)
        let external = try fileSystem.contentsOfDirectory(at: store.externalDataFolder)
        #expect(external.count == 1, "only the full-size blob is large; the 100x100 thumbnail stays inline")
        #expect(store.externalDataFolder.hasSuffix("/.Images_SUPPORT/_EXTERNAL_DATA"))

        clock.advance(bySeconds: 1)
        let small = try store.save(TestImages.gradient(width: 64, height: 64))
        #expect(try store.fullSizeData(for: small).count < 100_000)
        #expect(try fileSystem.contentsOfDirectory(at: store.externalDataFolder).count == 1)
        try store.checkInvariants()
    }

    @Test func theThresholdIsExclusive() throws {
        let image = TestImages.gradient(width: 64, height: 64)
        let size = try JPEGEncoder.encode(image, quality: 100).count
        var atSize = PhotoRecordStore.Configuration()
        atSize.externalStorageThresholdBytes = size
        let inline = try makeStore(atSize)
        try inline.save(image)
        #expect(!fileSystem.fileExists(at: inline.externalDataFolder))

        var belowSize = PhotoRecordStore.Configuration()
        belowSize.externalStorageThresholdBytes = size - 1
        let outside = try makeStore(belowSize)
        clock.advance(bySeconds: 1)
        let id = try outside.save(image)
        #expect(try fileSystem.contentsOfDirectory(at: outside.externalDataFolder).count == 1)
        #expect(try outside.fullSizeData(for: id).count == size)
    }

    @Test func deletingARecordDeletesItsExternalFiles() throws {
        let store = try makeStore()
        let id = try store.save(TestImages.noise(width: 400, height: 400, seed: 2))
        try store.delete(id)
        #expect(try fileSystem.contentsOfDirectory(at: store.externalDataFolder).isEmpty)
        #expect(try store.recordIDs().isEmpty)
        #expect(throws: PhotoRecordError.notFound(id)) { try store.delete(id) }
        #expect(throws: PhotoRecordError.notFound(id)) { try store.fullSizeData(for: id) }
    }

    @Test func orphanedExternalFilesAreSweptOnOpen() throws {
        let store = try makeStore()
        let id = try store.save(TestImages.noise(width: 400, height: 400, seed: 3))
        let orphan = store.externalDataFolder.appendingPathComponent("0D8C1F8E-0000-4000-8000-000000000000")
        try fileSystem.writeAtomically(Data("left by a crash".utf8), to: orphan)
        let reopened = try makeStore()
        #expect(!fileSystem.fileExists(at: orphan))
        #expect(try reopened.fullSizeData(for: id).count > 100_000)
        try reopened.checkInvariants()
    }

    @Test func aMissingExternalFileIsReportedNotCrashed() throws {
        let store = try makeStore()
        let id = try store.save(TestImages.noise(width: 400, height: 400, seed: 4))
        let name = try #require(try fileSystem.contentsOfDirectory(at: store.externalDataFolder).first)
        let path = store.externalDataFolder.appendingPathComponent(name)
        try fileSystem.removeItem(at: path)
        #expect(throws: PhotoRecordError.externalFileMissing(path: path)) { try store.fullSizeData(for: id) }
    }

    /// A row edited to name a path outside the external-data folder is refused, and deleting its
    /// record must not remove what that path names.
    @Test(arguments: ["../victim", "../../Documents", "not-a-uuid"])
    func anEditedExternalNameReachesNoOtherFile(name: String) throws {
        let store = try makeStore()
        let id = try store.save(TestImages.noise(width: 400, height: 400, seed: 5))
        let victim = store.externalDataFolder.appendingPathComponent(name)
        try fileSystem.createDirectory(at: victim.deletingLastPathComponent)
        try fileSystem.writeAtomically(Data("keep me".utf8), to: victim)
        try SQLiteDatabase(path: store.storePath).run("UPDATE ZFULLRES SET ZIMAGEDATA = ? WHERE ZID = ?",
                                                      [.blob(Data([0x02]) + Data(name.utf8)), .real(id.secondsSince1970)])
        #expect(throws: PhotoRecordError.malformedColumn(table: "ZFULLRES", id: id)) { try store.fullSizeData(for: id) }
        try store.delete(id)
        #expect(try fileSystem.contents(of: victim) == Data("keep me".utf8))
        #expect(try store.recordIDs().isEmpty)
    }

    @Test func recordsSurviveReopening() throws {
        let id = try makeStore().save(TestImages.gradient(width: 50, height: 50))
        #expect(try makeStore().recordIDs() == [id])
    }

    /// Another connection holding the write lock: a save fails busy at once (the default policy)
    /// and leaves no external file behind; an open does not sweep while the other writer works.
    @Test func externalFilesAreWrittenAndSweptOnlyUnderTheWriteLock() throws {
        let store = try makeStore()
        let other = try SQLiteDatabase(path: store.storePath)
        try other.execute("BEGIN IMMEDIATE")
        #expect {
            try store.save(TestImages.noise(width: 400, height: 400, seed: 5))
        } throws: { error in
            guard case PhotoRecordError.database(let cause) = error else { return false }
            return cause.isBusy && "\(error)".contains("another program holds the database")
        }
        let leftBehind = fileSystem.fileExists(at: store.externalDataFolder)
            ? try fileSystem.contentsOfDirectory(at: store.externalDataFolder) : []
        #expect(leftBehind.isEmpty)

        try fileSystem.createDirectory(at: store.externalDataFolder)
        let pending = store.externalDataFolder.appendingPathComponent("6B29FC40-CA47-4067-B31D-00DD010662DA")
        try fileSystem.writeAtomically(Data("another connection's file, not yet committed".utf8), to: pending)
        #expect(throws: PhotoRecordError.self) { try makeStore() }
        #expect(fileSystem.fileExists(at: pending))
        try other.execute("ROLLBACK")
    }
}

/// IDs as the store keeps them: seconds since 1970 in a REAL column, named by their description.
@Suite struct PhotoRecordStoreIDTests {
    let directory: TemporaryFolder
    let fileSystem = POSIXFileSystem()

    init() throws {
        directory = try TemporaryFolder(prefix: "photosim-core-")
    }

    func makeStore(_ clock: ManualClock) throws -> PhotoRecordStore {
        try PhotoRecordStore(storePath: directory.path.appendingPathComponent("Images.sqlite"), fileSystem: fileSystem,
                             clock: clock, random: SplitMix64(seed: 1))
    }

    /// A scenario names a record by the text it was shown: the ID read back from that text finds it.
    @Test func aRecordIsFoundByItsDescription() throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000.123))
        let store = try makeStore(clock)
        let image = TestImages.gradient(width: 40, height: 30)
        let saved = try (0..<3).map { _ in try store.save(image) }
        #expect(saved.map(\.description) == ["1700000000.123", "1700000000.124", "1700000000.125"])
        for id in saved {
            let named = try #require(PhotoRecordID(id.description))
            #expect(try store.fullSizeData(for: named) == (try store.fullSizeData(for: id)))
        }
        #expect(try makeStore(clock).recordIDs() == saved, "the same IDs after reopening")
        try store.delete(try #require(PhotoRecordID("1700000000.124")))
        #expect(try store.recordIDs().map(\.description) == ["1700000000.123", "1700000000.125"])
        try store.checkInvariants()
    }

    @Test func theIDIsStoredAsRealSecondsSince1970() throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        clock.advance(by: .milliseconds(123))
        let store = try makeStore(clock)
        try store.save(TestImages.gradient(width: 20, height: 20))
        let rows = try SQLiteDatabase(path: store.storePath).query("SELECT typeof(ZID), ZID FROM ZFULLRES UNION ALL SELECT typeof(ZID), ZID FROM ZTHUMBNAIL")
        #expect(rows == [[.text("real"), .real(1_700_000_000.123)], [.text("real"), .real(1_700_000_000.123)]])
    }

    /// Files written when IDs were any `Double` of seconds: a row between two milliseconds is read
    /// as the nearest one, found, deleted, and a new save still comes after it.
    @Test func rowsStampedBetweenMillisecondsStillResolve() throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        let store = try makeStore(clock)
        try store.save(TestImages.gradient(width: 20, height: 20))
        try store.save(TestImages.gradient(width: 24, height: 20))
        let database = try SQLiteDatabase(path: store.storePath)
        for table in ["ZFULLRES", "ZTHUMBNAIL"] {
            try database.run("UPDATE \(table) SET ZID = 1700000000.0004 WHERE ZID = 1700000000.0")
            try database.run("UPDATE \(table) SET ZID = 1700000000.0 + 0.001 + 0.0006 WHERE ZID = 1700000000.001")
        }
        let ids = try store.recordIDs()
        #expect(ids.map(\.description) == ["1700000000.000", "1700000000.002"])
        #expect(try ImageProbe.probe(try store.fullSizeData(for: try #require(PhotoRecordID("1700000000.002")))).pixelWidth == 24)
        let next = try store.save(TestImages.gradient(width: 28, height: 20))
        #expect(next.description == "1700000000.003")
        try store.delete(ids[0])
        #expect(try store.recordIDs().map(\.description) == ["1700000000.002", "1700000000.003"])
        try store.checkInvariants()
    }

    @Test(arguments: [("'yesterday'", "'yesterday'"), ("1e300", "1e+300")])
    func anUnusableNewestIDIsAnErrorNamingIt(stored: String, shown: String) throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        let store = try makeStore(clock)
        try store.save(TestImages.gradient(width: 20, height: 20))
        try SQLiteDatabase(path: store.storePath).run("UPDATE ZFULLRES SET ZID = \(stored)")
        #expect(throws: PhotoRecordError.unusableID(table: "ZFULLRES", storedValue: shown)) {
            try store.save(TestImages.gradient(width: 20, height: 20))
        }
    }
}

/// A deletion killed between its rows and its external files: the rows are gone, the files stay
/// until the next open sweeps them, and nothing else is touched.
@Suite struct PhotoRecordStoreDeleteCrashTests {
    @Test func aDeleteKilledAfterItsRowsLeavesExternalFilesTheNextOpenSweeps() throws {
        let directory = try TemporaryFolder(prefix: "photosim-core-")
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
        let path = directory.path.appendingPathComponent("Images.sqlite")
        var store: PhotoRecordStore? = try PhotoRecordStore(storePath: path, fileSystem: disk, clock: clock,
                                                            random: SplitMix64(seed: 1))
        let kept = try #require(store).save(TestImages.noise(width: 400, height: 400, seed: 3))
        clock.advance(bySeconds: 1)
        let deleted = try #require(store).save(TestImages.noise(width: 400, height: 400, seed: 4))
        #expect(try disk.contentsOfDirectory(at: try #require(store).externalDataFolder).count == 2)

        disk.crash(at: .recordsDeleteAfterRowDelete)
        #expect(throws: PhotoRecordError.self) { try store?.delete(deleted) }
        #expect(try POSIXFileSystem().contentsOfDirectory(at: try #require(store).externalDataFolder).count == 2, "the files outlive the rows")
        store = nil  // the connection closes with the store

        let reopened = try PhotoRecordStore(storePath: path, fileSystem: POSIXFileSystem(), clock: clock, random: SplitMix64(seed: 2))
        #expect(try reopened.recordIDs() == [kept])
        #expect(try POSIXFileSystem().contentsOfDirectory(at: reopened.externalDataFolder).count == 1, "the open swept the orphan")
        #expect(try reopened.fullSizeData(for: kept).count > 100_000)
        try reopened.checkInvariants()
    }
}

/// An external file whose atomic write failed after its rename (the folder's `fsync` on a real
/// disk): the save failed, so the file it left goes with the transaction.
@Suite struct PhotoRecordStoreLateWriteFailureTests {
    @Test func aSaveWhoseExternalFileFailedAfterItsRenameLeavesNoFile() throws {
        let directory = try TemporaryFolder(prefix: "photosim-core-")
        let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
        let store = try PhotoRecordStore(storePath: directory.path.appendingPathComponent("Images.sqlite"), fileSystem: disk,
                                         clock: ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000)), random: SplitMix64(seed: 1))
        disk.injectAfterTheCall(FaultRule(kind: .fsyncFailure, operation: .sync, pathPattern: "*_EXTERNAL_DATA/*"))
        #expect(throws: PhotoRecordError.self) { try store.save(TestImages.noise(width: 400, height: 400, seed: 3)) }
        #expect(try POSIXFileSystem().contentsOfDirectory(at: store.externalDataFolder).isEmpty)
        #expect(try store.recordIDs().isEmpty)
        try store.checkInvariants()
    }
}
