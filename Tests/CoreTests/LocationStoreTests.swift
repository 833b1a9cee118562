import Core
import Foundation
import PhotoSimTesting
import Testing

@Suite struct LocationStoreTests {
    @Test func newLocationsGetIncreasingIDsAndNoPhoto() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let store = try LocationFixtures.openStore(folder)
        let first = try store.insert(LocationFixtures.details(1))
        let second = try store.insert(LocationFixtures.details(2))
        #expect([first.id.rawValue, second.id.rawValue] == [1, 2])
        #expect(first.photoID == nil && !first.hasPhoto)
        #expect(first.version == 1)
        #expect(try store.location(withID: second.id) == second)
        #expect(try store.location(withID: LocationID(rawValue: 99)!) == nil)
        try store.checkInvariants()
    }

    /// The seed's unfixed model gives `photoID` the default value 0: a location without a photo
    /// is stored with ZPHOTOID 0 (not NULL), on insert and update, the rows the text's SQL check
    /// shows, and reads back as no photo ID.
    @Test func theUnfixedModelStoresZeroWhereThereIsNoPhoto() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let store = try LocationFixtures.openStore(folder)
        store.photoIDDefaultsToZero = true
        let first = try store.insert(LocationFixtures.details(1))
        _ = try store.update(first)
        _ = try store.insert(LocationFixtures.details(2))
        let rows = try SQLiteDatabase(path: store.path).query("SELECT ZPHOTOID FROM ZLOCATION ORDER BY Z_PK")
        #expect(rows == [[.integer(0)], [.integer(0)]])
        #expect(try store.allLocations().map(\.photoID) == [nil, nil])
        #expect(try store.invariantViolations().contains { $0.hasSuffix("2 rows whose photo ID is not positive") })
    }

    @Test func listIsOldestFirstWithTiesInInsertionOrder() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let store = try LocationFixtures.openStore(folder)
        for (number, minutes) in [(1, 30), (2, 10), (3, 20), (4, 10)] {
            _ = try store.insert(LocationFixtures.details(number, minutesAfterStart: minutes))
        }
        #expect(try store.allLocations().map(\.locationDescription) == ["Place 2", "Place 4", "Place 3", "Place 1"])
    }

    @Test func datesAreSecondsSince2001AsCoreDataStoresThem() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let store = try LocationFixtures.openStore(folder)
        var details = LocationFixtures.details(1)
        details.date = Date(timeIntervalSince1970: 978_307_200 + 12.5)
        let location = try store.insert(details)
        let raw = try SQLiteDatabase(path: store.path).query("SELECT ZDATE FROM ZLOCATION")
        #expect(raw == [[.real(12.5)]])
        #expect(try store.location(withID: location.id)?.date == details.date)
    }

    @Test func updateSavesTheEditAndBumpsZOPT() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let store = try LocationFixtures.openStore(folder)
        var location = try store.insert(LocationFixtures.details(1))
        location.locationDescription = "Renamed"
        location.placemark = nil
        let saved = try store.update(location)
        #expect(saved.version == 2)
        let again = try store.update(saved)
        #expect(again.version == 3)
        #expect(try store.location(withID: location.id) == again)
        #expect(try SQLiteDatabase(path: store.path).query("SELECT Z_OPT, ZLOCATIONDESCRIPTION, ZPLACEMARK FROM ZLOCATION")
            == [[.integer(3), .text("Renamed"), .null]])
    }

    @Test func staleOrDeletedLocationsAreNotSaved() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let store = try LocationFixtures.openStore(folder)
        let stale = try store.insert(LocationFixtures.details(1))
        _ = try store.update(stale)
        #expect(throws: LocationStoreError.conflict(stale.id, expectedVersion: 1, storedVersion: 2)) { try store.update(stale) }
        try store.delete(stale.id)
        #expect(throws: LocationStoreError.notFound(stale.id)) { try store.update(stale) }
        #expect(throws: LocationStoreError.notFound(stale.id)) { try store.delete(stale.id) }
    }

    @Test func primaryKeysAreAllocatedLikeCoreDataAndNeverReused() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let store = try LocationFixtures.openStore(folder)
        let locations = try store.insert(contentsOf: (1...3).map { LocationFixtures.details($0) })
        try store.delete(locations[2].id)
        #expect(try store.insert(LocationFixtures.details(4)).id.rawValue == 4)
        store.close()
        let reopened = try LocationFixtures.openStore(folder)
        #expect(try reopened.insert(LocationFixtures.details(5)).id.rawValue == 5)
        #expect(try SQLiteDatabase(path: reopened.path).query("SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY")
            == [[.integer(1), .text("Location"), .integer(0), .integer(5)]])
    }

    @Test func bulkInsertIsAllOrNothing() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let store = try LocationFixtures.openStore(folder)
        try SQLiteDatabase(path: store.path).execute("""
            CREATE TRIGGER refuse BEFORE INSERT ON ZLOCATION WHEN NEW.ZCATEGORY = 'refused'
            BEGIN SELECT RAISE(ABORT, 'refused by test'); END
            """)
        let batch = [LocationFixtures.details(1), LocationFixtures.details(2, category: "refused")]
        #expect(throws: LocationStoreError.self) { try store.insert(contentsOf: batch) }
        #expect(try store.allLocations().isEmpty)
        #expect(try store.insert(LocationFixtures.details(3)).id.rawValue == 1)
    }

    @Test func fileHasCoreDataShapeAndWriteAheadLog() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let store = try LocationFixtures.openStore(folder, seed: 9)
        let raw = try SQLiteDatabase(path: store.path)
        #expect(try raw.tableNames() == ["ZLOCATION", "Z_METADATA", "Z_PRIMARYKEY"])
        #expect(try raw.columnNames(inTable: "ZLOCATION") == ["Z_PK", "Z_ENT", "Z_OPT", "ZLATITUDE", "ZLONGITUDE", "ZDATE",
                                                                "ZLOCATIONDESCRIPTION", "ZCATEGORY", "ZPLACEMARK", "ZPHOTOID"])
        #expect(try raw.query("PRAGMA journal_mode") == [[.text("wal")]])
        let metadata = try raw.query("SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA")
        let uuid = SplitMix64(seed: 9).makeUUID().uuidString
        #expect(metadata.first?[0] == .integer(1) && metadata.first?[1] == .text(uuid))
        let plist = try PropertyListValue.decode(metadata.first?[2].blob ?? Data()).dictionary
        #expect(plist?["NSStoreModelVersionIdentifiers"] == .array([.string("Locations v2")]))
        #expect(plist?["NSStoreUUID"] == .string(uuid))
    }

    @Test func rowsThisCodeNeverWritesAreReportedNotGuessed() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let store = try LocationFixtures.openStore(folder)
        let location = try store.insert(LocationFixtures.details(1))
        _ = try store.insert(LocationFixtures.details(2))
        try SQLiteDatabase(path: store.path).execute("UPDATE ZLOCATION SET ZPHOTOID = 0")
        #expect(throws: LocationStoreError.invalidRow(path: store.path, primaryKey: location.id.rawValue,
                                                      reason: "ZPHOTOID is integer(0), not a positive integer (no photo is stored as NULL)")) {
            try store.allLocations()
        }
        #expect(try store.invariantViolations().count == 2, "zero photo IDs, shared by two rows")
    }

    /// Hand-edited counters at the end of their range are errors, not arithmetic overflow traps.
    @Test func countersAtTheirLimitAreReportedNotTrapped() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let store = try LocationFixtures.openStore(folder)
        let location = try store.insert(LocationFixtures.details(1))
        let raw = try SQLiteDatabase(path: store.path)
        try raw.run("UPDATE ZLOCATION SET Z_OPT = ?", [.integer(Int64.max)])
        #expect(throws: LocationStoreError.invalidRow(path: store.path, primaryKey: location.id.rawValue,
                                                      reason: "Z_OPT is integer(\(Int64.max)), not a version between 1 and \(Int64.max - 1)")) {
            try store.location(withID: location.id)
        }
        try raw.run("UPDATE Z_PRIMARYKEY SET Z_MAX = ?", [.integer(Int64.max)])
        #expect(throws: LocationStoreError.corruptMetadata(path: store.path, reason: "Z_PRIMARYKEY has no usable Z_MAX for Location")) {
            try store.insert(LocationFixtures.details(2))
        }
        #expect(try raw.query("SELECT COUNT(*) FROM ZLOCATION") == [[.integer(1)]])
    }
}
