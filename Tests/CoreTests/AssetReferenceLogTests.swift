import Core
import Foundation
import PhotoSimTesting
import Testing

@Suite struct AssetIdentifierTests {
    @Test(arguments: [
        ("6E5438ED-9A8C-4ED0-9DEA-AB2D8F8A9360/L0/001", true),
        ("6E5438ED-9A8C-4ED0-9DEA-AB2D8F8A9360/L0/002", true),
        ("6e5438ed-9a8c-4ed0-9dea-ab2d8f8a9360/L0/001", false),  // the library writes upper case
        ("6E5438ED-9A8C-4ED0-9DEA-AB2D8F8A9360", false),
        ("6E5438ED-9A8C-4ED0-9DEA-AB2D8F8A9360/L0/01", false),
        ("6E5438ED-9A8C-4ED0-9DEA-AB2D8F8A9360/X0/001", false),
        ("6E5438ED-9A8C-4ED0-9DEA-AB2D8F8A9360/L0/001/", false),
        ("not-a-uuid/L0/001", false),
        ("", false),
    ])
    func validatesTheLibraryForm(rawValue: String, valid: Bool) {
        #expect((AssetIdentifier(rawValue: rawValue) != nil) == valid)
    }

    @Test func madeFromAUUID() {
        let uuid = SplitMix64(seed: 4).makeUUID()
        let identifier = AssetIdentifier(uuid: uuid)
        #expect(identifier.rawValue == "\(uuid.uuidString)/L0/001")
        #expect(identifier.uuid == uuid)
        #expect(AssetIdentifier(rawValue: identifier.rawValue) == identifier)
    }
}

@Suite struct AssetLookupTests {
    @Test func dictionaryLookupKeepsTheContract() throws {
        let random = SplitMix64(seed: 11)
        let present = (0..<5).map { _ in AssetIdentifier(uuid: random.makeUUID()) }
        let deleted = AssetIdentifier(uuid: random.makeUUID())
        let library = DictionaryAssetLookup((present + [deleted]).map { AssetSummary(identifier: $0, pixelWidth: 4, pixelHeight: 3) })
        library.removeAsset(deleted)
        let absent = [deleted, AssetIdentifier(uuid: random.makeUUID())]
        #expect(try AssetLookupContract.violations(of: library, present: present, absent: absent).isEmpty)
    }

    @Test func contractCatchesALookupThatAnswersWrongly() throws {
        final class Confused: AssetLookup {
            let other = AssetIdentifier(uuid: SplitMix64(seed: 1).makeUUID())
            func assets(for identifiers: [AssetIdentifier]) -> [AssetIdentifier: AssetSummary] {
                Dictionary(identifiers.map { ($0, AssetSummary(identifier: other, pixelWidth: 1, pixelHeight: 1)) },
                           uniquingKeysWith: { first, _ in first })
            }
        }
        let random = SplitMix64(seed: 12)
        let violations = try AssetLookupContract.violations(of: Confused(), present: [AssetIdentifier(uuid: random.makeUUID())],
                                                        absent: [AssetIdentifier(uuid: random.makeUUID())])
        #expect(violations.count == 3, "\(violations)")
    }
}

@Suite struct AssetReferenceLogTests {
    private let random = SplitMix64(seed: 21)

    private func openLog(_ folder: TemporaryFolder, _ clock: WallClock) throws(AssetReferenceLogError) -> AssetReferenceLog {
        try AssetReferenceLog(path: folder.appending("AssetReferences.sqlite"), clock: clock)
    }

    @Test func entriesSurviveReopenWithTheirActionAndClockDate() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let clock = ManualClock(now: LocationFixtures.firstDate)
        let first = AssetIdentifier(uuid: random.makeUUID()), second = AssetIdentifier(uuid: random.makeUUID())
        let log = try openLog(folder, clock)
        let shared = try log.record(.shared, for: first)
        clock.advance(bySeconds: 90)
        let recorded = [shared, try log.record(.cancelled, for: second)]
        log.close()

        let reopened = try openLog(folder, clock)
        #expect(try reopened.references() == recorded)
        #expect(recorded.map(\.sequence) == [1, 2])
        #expect(recorded[1].date == LocationFixtures.firstDate.addingTimeInterval(90))
        #expect(try reopened.references(to: second) == [recorded[1]])
        let raw = try SQLiteDatabase(path: reopened.path).query("SELECT ACTION FROM ASSET_REFERENCE ORDER BY ID")
        #expect(raw == [[.text("Shared")], [.text("Cancelled")]])
    }

    @Test func resolutionReportsDeletedAssetsApartWithOneLookup() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let log = try openLog(folder, ManualClock(now: LocationFixtures.firstDate))
        let kept = AssetIdentifier(uuid: random.makeUUID()), deleted = AssetIdentifier(uuid: random.makeUUID())
        let keptSummary = AssetSummary(identifier: kept, pixelWidth: 4_032, pixelHeight: 3_024)
        let library = DictionaryAssetLookup([keptSummary, AssetSummary(identifier: deleted, pixelWidth: 10, pixelHeight: 10)])
        for (action, identifier) in [(AssetAction.shared, kept), (.cancelled, deleted), (.shared, kept), (.shared, deleted)] {
            try log.record(action, for: identifier)
        }
        library.removeAsset(deleted)

        let resolution = try log.resolve(with: library)
        #expect(resolution.resolved.map(\.reference.sequence) == [1, 3])
        #expect(resolution.resolved.allSatisfy { $0.asset == keptSummary })
        #expect(resolution.missing.map(\.sequence) == [2, 4])
        #expect(resolution.missing.allSatisfy { $0.identifier == deleted })
        #expect(library.lookupCount == 1, "one batched lookup, not one per entry")
    }

    @Test func emptyLogResolvesWithoutAskingTheLibrary() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let library = DictionaryAssetLookup()
        let resolution = try openLog(folder, ManualClock(now: LocationFixtures.firstDate)).resolve(with: library)
        #expect(resolution.resolved.isEmpty && resolution.missing.isEmpty && library.lookupCount == 0)
    }

    @Test(arguments: [
        ("UPDATE ASSET_REFERENCE SET LOCAL_IDENTIFIER = 'IMG_0001.JPG'",
         "text(\"IMG_0001.JPG\") is not a library asset identifier (<UUID>/L0/001)"),
        ("UPDATE ASSET_REFERENCE SET ACTION = 'Tweeted'", "text(\"Tweeted\") is not an action (Shared, Cancelled)"),
        ("UPDATE ASSET_REFERENCE SET DATE = 'yesterday'", "DATE is not a number of seconds"),
    ])
    func damagedEntriesAreReportedWithTheirSequence(damage: String, reason: String) throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let log = try openLog(folder, ManualClock(now: LocationFixtures.firstDate))
        try log.record(.shared, for: AssetIdentifier(uuid: random.makeUUID()))
        try SQLiteDatabase(path: log.path).execute(damage)
        #expect(throws: AssetReferenceLogError.corruptEntry(path: log.path, sequence: 1, reason: reason)) { try log.references() }
    }

    @Test func filesThatAreNotLogsAreRefused() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let path = folder.appending("AssetReferences.sqlite")
        let clock = ManualClock(now: LocationFixtures.firstDate)
        try POSIXFileSystem().writeAtomically(Data(repeating: 7, count: 2_000), to: path)
        #expect(throws: AssetReferenceLogError.notADatabase(path: path)) { try openLog(folder, clock) }

        try POSIXFileSystem().removeItem(at: path)
        try SQLiteDatabase(path: path).execute("CREATE TABLE other (x)")
        #expect(throws: AssetReferenceLogError.unsupportedFormat(path: path, formatVersion: 0)) { try openLog(folder, clock) }

        try POSIXFileSystem().removeItem(at: path)
        try SQLiteDatabase(path: path).setUserVersion(2)
        #expect(throws: AssetReferenceLogError.unsupportedFormat(path: path, formatVersion: 2)) { try openLog(folder, clock) }
        #expect(AssetReferenceLogError.unsupportedFormat(path: path, formatVersion: 2).description.contains(path))
    }
}
