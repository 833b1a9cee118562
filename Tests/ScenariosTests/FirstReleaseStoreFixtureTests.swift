import Core
import Foundation
import Testing

/// The migration scenario's container fixture: a store written by MyLocations' first release
/// (Core's model v1), committed under `Scenarios/mylocations/fixtures/v1-container`.
///
/// Made by ``FirstReleaseStoreFixture/write(to:)``; set `PHOTOSIM_WRITE_FIXTURES=1` to write the
/// committed file again.
@Suite("First-release store fixture")
struct FirstReleaseStoreFixtureTests {
    static var committedPath: String {
        ScenarioRunFolder.suiteFolder + "/mylocations/fixtures/v1-container/Library/Application Support/Locations.sqlite"
    }

    @Test("the committed fixture is a model v1 store with the two first-release locations")
    func committedFixtureIsAFirstReleaseStore() throws {
        if ProcessInfo.processInfo.environment["PHOTOSIM_WRITE_FIXTURES"] == "1" {
            try FirstReleaseStoreFixture.write(to: Self.committedPath)
        }
        let database = try SQLiteDatabase(path: Self.committedPath, options: SQLiteOpenOptions(access: .readOnly))
        defer { database.close() }
        #expect(try !database.columnNames(inTable: "ZLOCATION").contains("ZPHOTOID"))
        #expect(try database.query("SELECT ZLOCATIONDESCRIPTION, ZCATEGORY FROM ZLOCATION ORDER BY Z_PK")
            == [[.text("Old Harbour"), .text("Landmark")], [.text("Corner Shop"), .text("Grocery Store")]])
        #expect(!FileManager.default.fileExists(atPath: Self.committedPath + "-wal"), "checkpointed: one file")
    }
}

/// Writes the first-release store fixture.
enum FirstReleaseStoreFixture {
    /// A model v1 `Locations.sqlite` at `path` with two locations, checkpointed into one file.
    static func write(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let store = try LocationStore(path: path, random: SplitMix64(seed: 1), model: .v1)
        let date = Date(timeIntervalSince1970: 1_600_000_000)
        _ = try store.insert(contentsOf: [
            LocationDetails(latitude: 43.36, longitude: -5.85, date: date, locationDescription: "Old Harbour", category: "Landmark"),
            LocationDetails(latitude: 43.37, longitude: -5.84, date: date.addingTimeInterval(60),
                            locationDescription: "Corner Shop", category: "Grocery Store"),
        ])
        store.close()
        let database = try SQLiteDatabase(path: path)
        try database.execute("PRAGMA journal_mode=DELETE")
        database.close()
    }
}
