import Core
import Foundation
import PhotoSimTesting
import Testing

/// Opening stores: migration from the first model, files that are not stores, newer models.
@Suite struct LocationStoreOpeningTests {
    static let coreDataWording = "The model used to open the store is incompatible with the one used to create the store"

    /// A store written by the first release (model v1), with two locations.
    private func firstReleaseStore(_ folder: TemporaryFolder) throws -> [Location] {
        let store = try LocationFixtures.openStore(folder, model: .v1)
        let locations = try store.insert(contentsOf: [LocationFixtures.details(1), LocationFixtures.details(2)])
        store.close()
        return locations
    }

    @Test func firstReleaseStoreMigratesInPlaceWithoutPhotos() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let written = try firstReleaseStore(folder)
        let path = folder.appending("Locations.sqlite")
        #expect(try !SQLiteDatabase(path: path).columnNames(inTable: "ZLOCATION").contains("ZPHOTOID"))
        let uuidBefore = try SQLiteDatabase(path: path).query("SELECT Z_UUID FROM Z_METADATA")

        let store = try LocationFixtures.openStore(folder, model: .v2)
        #expect(try store.allLocations() == written, "old rows keep their values and get no photo")
        #expect(try store.allLocations().allSatisfy { $0.photoID == nil })
        #expect(try store.insert(LocationFixtures.details(3)).id.rawValue == 3)
        let raw = try SQLiteDatabase(path: path)
        #expect(try raw.columnNames(inTable: "ZLOCATION").last == "ZPHOTOID")
        #expect(try raw.query("SELECT COUNT(*) FROM ZLOCATION WHERE ZPHOTOID IS NULL") == [[.integer(3)]])
        #expect(try raw.query("SELECT Z_UUID FROM Z_METADATA") == uuidBefore)
        let plist = try PropertyListValue.decode(raw.query("SELECT Z_PLIST FROM Z_METADATA")[0][0].blob!)
        #expect(plist.dictionary?["NSStoreModelVersionIdentifiers"] == .array([.string("Locations v2")]))
        try store.checkInvariants()
    }

    @Test func failedMigrationLeavesTheFirstReleaseStoreUntouched() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let written = try firstReleaseStore(folder)
        let path = folder.appending("Locations.sqlite")
        try SQLiteDatabase(path: path).execute("""
            CREATE TRIGGER refuse BEFORE UPDATE ON Z_METADATA BEGIN SELECT RAISE(ABORT, 'refused by test'); END
            """)
        #expect(throws: LocationStoreError.self) { try LocationFixtures.openStore(folder, model: .v2) }
        #expect(try !SQLiteDatabase(path: path).columnNames(inTable: "ZLOCATION").contains("ZPHOTOID"),
                "the added column was rolled back with the metadata")
        #expect(try LocationFixtures.openStore(folder, model: .v1).allLocations() == written)
    }

    /// A crash during the migration (before its commit) leaves the old model; after it, the new.
    @Test(arguments: [(CrashPoint.locationsMigrationBeforeCommit, false), (.locationsMigrationAfterCommit, true)])
    func aMigrationCrashedAtItsCrashPointIsAllOrNothing(point: CrashPoint, migrated: Bool) throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let written = try firstReleaseStore(folder)
        let path = folder.appending("Locations.sqlite")
        let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
        disk.crash(at: point)
        #expect(throws: LocationStoreError.self) {
            try LocationStore(path: path, random: SplitMix64(seed: 1), model: .v2, fileSystem: disk)
        }
        #expect(try SQLiteDatabase(path: path).columnNames(inTable: "ZLOCATION").contains("ZPHOTOID") == migrated)
        #expect(try LocationFixtures.openStore(folder, model: .v2).allLocations() == written, "the relaunch migrates or finds it done")
    }

    @Test func storeFromANewerModelIsRefusedInCoreDataWords() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        _ = try LocationFixtures.openStore(folder, model: .v2)
        let path = folder.appending("Locations.sqlite")
        do {
            _ = try LocationFixtures.openStore(folder, model: .v1)
            Issue.record("a v2 store opened as v1")
        } catch {
            #expect(error == .incompatibleModel(path: path, storeModel: "Locations v2", openingModel: .v1))
            #expect(error.description.hasPrefix(Self.coreDataWording))
            #expect(error.description.contains(path))
        }
    }

    @Test(arguments: ["Locations v3", "Some Other App 2"])
    func unknownModelIdentifiersAreIncompatible(identifier: String) throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let path = try LocationFixtures.openStore(folder).path
        let plist = PropertyListValue.dictionary(["NSStoreModelVersionIdentifiers": .array([.string(identifier)])])
        try SQLiteDatabase(path: path).run("UPDATE Z_METADATA SET Z_PLIST = ?", [.blob(plist.encodedXML())])
        #expect(throws: LocationStoreError.incompatibleModel(path: path, storeModel: identifier, openingModel: .v2)) {
            try LocationFixtures.openStore(folder)
        }
    }

    @Test func fileThatIsNotSQLiteIsNamed() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let path = folder.appending("Locations.sqlite")
        try POSIXFileSystem().writeAtomically(Data(repeating: 0x4A, count: 4_096), to: path)
        do {
            _ = try LocationFixtures.openStore(folder)
            Issue.record("a non-SQLite file opened")
        } catch {
            #expect(error == .notADatabase(path: path))
            #expect(error.description.contains(path))
        }
    }

    @Test func missingFolderCannotBeOpened() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let path = folder.appending("missing/Locations.sqlite")
        do {
            _ = try LocationStore(path: path, random: SplitMix64(seed: 1))
            Issue.record("opened in a missing folder")
        } catch {
            guard case .cannotOpen(let reported, _) = error else { Issue.record("\(error)"); return }
            #expect(reported == path)
        }
    }

    @Test(arguments: [
        ("CREATE TABLE notes (body TEXT)", "it has the tables [\"notes\"], not ZLOCATION, Z_PRIMARYKEY and Z_METADATA"),
        ("UPDATE Z_METADATA SET Z_PLIST = x'00'", nil),
        ("DELETE FROM Z_METADATA", "Z_METADATA has no Z_PLIST for Z_VERSION 1"),
        ("ALTER TABLE ZLOCATION DROP COLUMN ZPHOTOID", nil),
    ] as [(String, String?)])
    func damagedOrForeignDatabasesAreCorruptMetadata(damage: String, reason: String?) throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let path = folder.appending("Locations.sqlite")
        if damage.hasPrefix("CREATE") {
            try SQLiteDatabase(path: path).execute(damage)
        } else {
            _ = try LocationFixtures.openStore(folder)
            try SQLiteDatabase(path: path).execute(damage)
        }
        do {
            _ = try LocationFixtures.openStore(folder)
            Issue.record("\(damage) went unnoticed")
        } catch {
            guard case .corruptMetadata(let reported, let reportedReason) = error else { Issue.record("\(error)"); return }
            #expect(reported == path)
            if let reason { #expect(reportedReason == reason) }
        }
    }
}
