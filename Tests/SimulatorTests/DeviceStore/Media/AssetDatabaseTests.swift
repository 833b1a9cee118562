import Core
import Foundation
@testable import DeviceStore
import Testing

/// The asset database as another tool (or a curious engineer with `sqlite3`) sees it.
@Suite struct AssetDatabaseTests {
    /// A temporary device's library (a scratch file system) commits without syncing, as its
    /// other files do; a durable one commits with `synchronous=FULL`.
    @Test(arguments: [(FileDurability.scratch, SQLiteValue.integer(0)), (.durable, .integer(2))])
    func theConnectionFollowsTheFileSystemsDurability(durability: FileDurability, synchronous: SQLiteValue) throws {
        let sandbox = try MediaSandbox()
        _ = try sandbox.open()
        let database = try AssetDatabase(path: sandbox.mediaFolder + "/PhotoData/Photos.sqlite", durability: durability)
        #expect(try database.connection.query("PRAGMA synchronous") == [[synchronous]])
    }

    @Test func photosSQLiteHasCoreDataShapedRows() throws {
        let sandbox = try MediaSandbox()
        let added = try sandbox.open().add([try MediaSandbox.source("tiny_exif_gps.jpg")])
        let database = try SQLiteDatabase(path: sandbox.mediaFolder + "/PhotoData/Photos.sqlite",
                                      options: SQLiteOpenOptions(access: .readOnly))
        let rows = try database.query("""
            SELECT Z_PK, ZUUID, ZFILENAME, ZDIRECTORY, ZWIDTH, ZHEIGHT, ZDATECREATED, ZLATITUDE, ZLONGITUDE,
                   ZUNIFORMTYPEIDENTIFIER, ZORIGINALFILENAME FROM ZASSET
            """)
        let row = try #require(rows.first)
        #expect(row[0] == .integer(1))
        #expect(row[1].text.map { $0 + "/L0/001" } == added[0].localIdentifier)
        #expect(row[2] == .text("IMG_0001.JPG"))
        #expect(row[3] == .text("DCIM/100APPLE"))
        #expect(row[4] == .integer(160) && row[5] == .integer(120))
        #expect(row[6].real == added[0].creationDate.timeIntervalSinceReferenceDate)
        #expect(row[6].real == 736_259_696)  // 2024-05-01 12:34:56 UTC, in seconds since 2001-01-01
        #expect(row[7].real == added[0].latitude && row[8].real == added[0].longitude)
        #expect(row[9] == .text("public.jpeg") && row[10] == .text("tiny_exif_gps.jpg"))
        #expect(try database.query("SELECT ZNEXTNUMBER FROM ZCAMERAROLLCOUNTER") == [[.integer(2)]])
    }

    /// What a read-only folder forces: SQLite reads the file as immutable, keeping no `-shm`.
    @Test func anImmutableOpenReadsTheRowsAndCreatesNoFile() throws {
        let sandbox = try MediaSandbox()
        let added = try sandbox.open().add([try MediaSandbox.source("tiny_exif_gps.jpg")])
        let photoData = sandbox.mediaFolder + "/PhotoData"
        let before = try sandbox.fileSystem.contentsOfDirectory(at: photoData)
        #expect(before == ["Photos.sqlite"], "the writer's last close checkpoints and removes the WAL")
        let database = try AssetDatabase(path: photoData + "/Photos.sqlite", mode: .immutable)
        try database.checkSchema()
        #expect(try database.allAssets() == added)
        #expect(try sandbox.fileSystem.contentsOfDirectory(at: photoData) == before)
    }

    @Test func theDatabaseUsesWALAndUniqueIndexes() throws {
        let sandbox = try MediaSandbox()
        _ = try sandbox.open()
        let database = try SQLiteDatabase(path: sandbox.mediaFolder + "/PhotoData/Photos.sqlite")
        #expect(try database.query("PRAGMA journal_mode").first?.first == .text("wal"))
        let unique = try database.query("SELECT name FROM pragma_index_list('ZASSET') WHERE \"unique\" = 1 ORDER BY name")
        #expect(unique.compactMap { $0.first?.text }.filter { !$0.hasPrefix("sqlite_") } == ["ZASSET_ZFILENAME", "ZASSET_ZUUID"])
    }

    @Test func aNewerSchemaIsRefused() throws {
        let sandbox = try MediaSandbox()
        _ = try sandbox.open()
        let database = try SQLiteDatabase(path: sandbox.mediaFolder + "/PhotoData/Photos.sqlite")
        try database.execute("PRAGMA user_version = 99")
        database.close()
        #expect {
            try sandbox.open()
        } throws: { error in
            guard case MediaLibraryError.damagedDatabase = error else { return false }
            return "\(error)".contains("schema version 99")
        }
    }
}
