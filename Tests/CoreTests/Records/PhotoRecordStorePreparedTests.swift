@testable import Core
import Foundation
import PhotoSimTesting
import Testing

@Suite struct PhotoRecordStorePreparedTests {
    let directory: TemporaryFolder
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))

    init() throws {
        directory = try TemporaryFolder(prefix: "photosim-core-")
    }

    func makeStore() throws -> PhotoRecordStore {
        try PhotoRecordStore(storePath: directory.path.appendingPathComponent("Images.sqlite"), fileSystem: POSIXFileSystem(),
                             clock: clock, random: SplitMix64(seed: 1))
    }

    @Test func aPreparedPairIsWhatSaveWouldStoreAndKeepsTheTimeItWasGiven() throws {
        let store = try makeStore()
        let image = TestImages.gradient(width: 320, height: 200)
        let prepared = try store.prepare(image)
        clock.advance(bySeconds: 5)
        let id = try store.save(prepared, takenAt: Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(id.description == "1700000000.250", "the given time, not the clock's")
        #expect(try store.fullSizeData(for: id) == prepared.fullSizeJPEG)
        #expect(try store.thumbnailData(for: id) == prepared.thumbnailJPEG)
        let direct = try store.save(image)
        #expect(try store.fullSizeData(for: direct) == prepared.fullSizeJPEG)
        #expect(try store.thumbnailData(for: direct) == prepared.thumbnailJPEG)
        try store.checkInvariants()
    }

    @Test func preparedSavesStampedAtOneInstantOrLaterThanTheNewestGetTheNextMillisecond() throws {
        let store = try makeStore()
        let prepared = try store.prepare(TestImages.gradient(width: 40, height: 30))
        let instant = Date(timeIntervalSince1970: 1_700_000_000)
        let ids = try [instant, instant, instant.addingTimeInterval(-60)].map { try store.save(prepared, takenAt: $0) }
        #expect(ids.map(\.millisecondsSince1970) == [1_700_000_000_000, 1_700_000_000_001, 1_700_000_000_002])
    }
}
