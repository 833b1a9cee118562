@testable import Core
import Foundation
import PhotoSimTesting
import Testing

/// Every store says "the disk is full" when SQLite runs out of room (a real `SQLITE_FULL`: the
/// connection is capped with `PRAGMA max_page_count`), and keeps what it had.
@Suite struct StoreDiskFullTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "photosim-core-")
    }

    /// Descriptions long enough that a few hundred rows need new pages.
    static let manyLocations = (0..<300).map { number in
        var details = LocationFixtures.details(number)
        details.locationDescription = String(repeating: "a long description ", count: 20)
        return details
    }

    @Test func theLocationStoreNamesAFullDiskAndKeepsItsRows() throws {
        let store = try LocationFixtures.openStore(folder)
        let kept = try store.insert(LocationFixtures.details(1))
        try SQLiteTestSupport.capAtCurrentSize(store.database)
        #expect {
            try store.insert(contentsOf: Self.manyLocations)
        } throws: { error in
            guard case LocationStoreError.sqlite(let cause) = error else { return false }
            let message = "\(error)"
            return cause.kind == .diskFull && message.contains("the disk is full") && message.contains("Free some space")
        }
        #expect(try store.allLocations() == [kept])
    }

    @Test func theAssetReferenceLogNamesAFullDiskAndKeepsItsEntries() throws {
        let log = try AssetReferenceLog(path: folder.appending("AssetReferences.sqlite"),
                                        clock: ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000)))
        let identifier = try #require(AssetIdentifier(rawValue: "6B29FC40-CA47-4067-B31D-00DD010662DA/L0/001"))
        let kept = try log.record(.shared, for: identifier)
        try SQLiteTestSupport.capAtCurrentSize(log.database)
        var failure: AssetReferenceLogError?
        for _ in 0..<1_000 where failure == nil {
            do {
                try log.record(.shared, for: identifier)
            } catch {
                failure = error
            }
        }
        guard case .sqlite(let cause)? = failure else {
            Issue.record("the log never filled up: \(String(describing: failure))")
            return
        }
        #expect(cause.kind == .diskFull)
        #expect(failure?.description.contains("the disk is full") == true, "\(String(describing: failure))")
        #expect(try log.references().first == kept)
    }

    @Test func thePhotoRecordStoreNamesAFullDiskAndLeavesNoFile() throws {
        var configuration = PhotoRecordStore.Configuration()
        configuration.externalStorageThresholdBytes = 20_000   // a noisy full size goes outside, its thumbnail inline
        let fileSystem = POSIXFileSystem()
        let store = try PhotoRecordStore(storePath: folder.appending("Images.sqlite"), fileSystem: fileSystem,
                                         clock: ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000)),
                                         random: SplitMix64(seed: 1), configuration: configuration)
        let kept = try store.save(TestImages.noise(width: 160, height: 160, seed: 99))
        let externalBefore = try fileSystem.contentsOfDirectory(at: store.externalDataFolder)
        try SQLiteTestSupport.capAtCurrentSize(store.database)
        var failure: PhotoRecordError?
        for seed in 0..<200 where failure == nil {
            do {
                try store.save(TestImages.noise(width: 160, height: 160, seed: UInt64(seed)))
            } catch {
                failure = error
            }
        }
        guard case .database(let cause)? = failure else {
            Issue.record("the store never filled up: \(String(describing: failure))")
            return
        }
        #expect(cause.kind == .diskFull)
        #expect(failure?.description.contains("the disk is full") == true, "\(String(describing: failure))")
        #expect(try store.recordIDs().first == kept)
        let referenced = try store.referencedExternalNames()
        #expect(Set(try fileSystem.contentsOfDirectory(at: store.externalDataFolder)) == referenced,
                "the failed save removed the external files it wrote")
        #expect(referenced.isSuperset(of: externalBefore))
    }
}
