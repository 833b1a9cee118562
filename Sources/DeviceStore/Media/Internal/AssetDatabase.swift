import Core
import Foundation

/// `PhotoData/Photos.sqlite`: the asset rows and the camera-roll counter, in Core Data's naming.
///
/// Schema (version 1, in `PRAGMA user_version`):
/// - `ZASSET`: one row per photo. `ZDATECREATED` and `ZADDEDDATE` are seconds since
///   2001-01-01 UTC (Core Data's reference date), `ZWIDTH`/`ZHEIGHT` the displayed size,
///   `ZLATITUDE`/`ZLONGITUDE` `NULL` without GPS. Unique indexes on `ZUUID` and `ZFILENAME`.
/// - `ZCAMERAROLLCOUNTER`: one row, the next `IMG_` number. It only grows, so a number is
///   never handed out twice, also after removals.
///
/// WAL journal with `synchronous=FULL`: a committed removal is on disk before its files are
/// unlinked, so a power cut can never leave a row whose file is gone.
///
/// A new database is built under a temporary name and renamed into place once its schema is
/// committed, so a `Photos.sqlite` without tables is always damage, never a half-made library.
/// SQLite failures are named errors: a full disk, a lock held too long, a corrupt file. The
/// connection is opened with Core's one set of options and waits for another program's lock as
/// its ``SQLiteBusyPolicy`` says (the command line waits up to its lock timeout; the simulated
/// world fails at once).
package final class AssetDatabase {
    /// How the connection is opened.
    enum Mode {
        /// Read and write, creating the file when missing; WAL with `synchronous=FULL`.
        case readWrite
        /// Read only; nothing is written (SQLite may keep its `-shm` index beside the file).
        case readOnly
        /// Read only, and SQLite is told nothing changes the file: no lock, no `-shm`. For a
        /// folder that cannot be written.
        case immutable
    }

    package let path: String
    package let connection: SQLiteDatabase

    static let schemaVersion: Int64 = 1
    private static let insertedColumns = """
        ZUUID, ZFILENAME, ZDIRECTORY, ZORIGINALFILENAME, ZUNIFORMTYPEIDENTIFIER, ZWIDTH, ZHEIGHT, \
        ZDATECREATED, ZLATITUDE, ZLONGITUDE, ZFILESIZE, ZORIENTATION, ZADDEDDATE
        """

    /// Opens the file at `path`. On a scratch file system (``FileSystem/durability``: a temporary
    /// device, removed after its run) a read-write connection commits with `synchronous=OFF`,
    /// as the device's other files skip their `fsync`; otherwise `synchronous=FULL`.
    init(path: String, mode: Mode = .readWrite, busy: SQLiteBusyPolicy = .failAtOnce,
         durability: FileDurability = .durable) throws(MediaLibraryError) {
        self.path = path
        do throws(SQLiteError) {
            var options = Self.options(mode, busy: busy)
            if mode == .readWrite, durability == .scratch { options.writeAheadLog = .off }
            self.connection = try SQLiteDatabase(path: path, options: options)
        } catch {
            throw .sqlite(error, path: path)
        }
    }

    /// Core's open options for a mode.
    private static func options(_ mode: Mode, busy: SQLiteBusyPolicy) -> SQLiteOpenOptions {
        switch mode {
        case .readWrite: return .durable(busy: busy)
        case .readOnly: return SQLiteOpenOptions(access: .readOnly, busy: busy)
        case .immutable: return SQLiteOpenOptions(access: .immutable, busy: busy)
        }
    }

    deinit {
        connection.close()
    }

    /// Closes the connection (a WAL file is checkpointed and removed). Safe to call twice.
    func close() {
        connection.close()
    }

    /// `PRAGMA user_version`: 0 for a file without the schema.
    func schemaVersion() throws(MediaLibraryError) -> Int64 {
        try sql { () throws(SQLiteError) in
            try connection.query("PRAGMA user_version").first?.first?.integer ?? 0
        }
    }

    /// Checks an existing file: the schema of this version and the counter row.
    func checkSchema() throws(MediaLibraryError) {
        let version = try schemaVersion()
        guard version != 0 else {
            throw .damagedLibrary(path: path, reason: "has no tables (an empty database), so the library's photos are unknown")
        }
        guard version == Self.schemaVersion else {
            throw .damagedDatabase(path: path, reason: "schema version \(version) is not \(Self.schemaVersion);"
                                   + " it was written by another PhotoSim version")
        }
        _ = try nextNumber()
    }

    /// Creates the tables and the counter on a new, empty file.
    func createSchema() throws(MediaLibraryError) {
        try inTransaction { () throws(MediaLibraryError) in
            try sql { () throws(SQLiteError) in try connection.execute("""
                CREATE TABLE IF NOT EXISTS ZASSET (
                    Z_PK INTEGER PRIMARY KEY AUTOINCREMENT,
                    ZKIND INTEGER NOT NULL DEFAULT 0,
                    ZUUID TEXT NOT NULL,
                    ZFILENAME TEXT NOT NULL,
                    ZDIRECTORY TEXT NOT NULL,
                    ZORIGINALFILENAME TEXT NOT NULL,
                    ZUNIFORMTYPEIDENTIFIER TEXT NOT NULL,
                    ZWIDTH INTEGER NOT NULL,
                    ZHEIGHT INTEGER NOT NULL,
                    ZORIENTATION INTEGER NOT NULL DEFAULT 1,
                    ZDATECREATED TIMESTAMP NOT NULL,
                    ZADDEDDATE TIMESTAMP,
                    ZLATITUDE FLOAT,
                    ZLONGITUDE FLOAT,
                    ZFILESIZE INTEGER NOT NULL);
                CREATE UNIQUE INDEX IF NOT EXISTS ZASSET_ZUUID ON ZASSET (ZUUID);
                CREATE UNIQUE INDEX IF NOT EXISTS ZASSET_ZFILENAME ON ZASSET (ZFILENAME);
                CREATE INDEX IF NOT EXISTS ZASSET_ZDATECREATED ON ZASSET (ZDATECREATED, ZFILENAME);
                CREATE TABLE IF NOT EXISTS ZCAMERAROLLCOUNTER (
                    Z_PK INTEGER PRIMARY KEY CHECK (Z_PK = 1),
                    ZNEXTNUMBER INTEGER NOT NULL);
                INSERT OR IGNORE INTO ZCAMERAROLLCOUNTER (Z_PK, ZNEXTNUMBER) VALUES (1, 1);
                PRAGMA user_version = \(Self.schemaVersion);
                """) }
        }
    }

    /// The next `IMG_` number to hand out.
    func nextNumber() throws(MediaLibraryError) -> Int {
        let value = try sql { () throws(SQLiteError) in
            try connection.query("SELECT ZNEXTNUMBER FROM ZCAMERAROLLCOUNTER WHERE Z_PK = 1").first?.first?.integer
        }
        guard let value else { throw .damagedDatabase(path: path, reason: "the camera-roll counter row is missing") }
        return Int(value)
    }

    /// How many rows `ZASSET` has.
    func rowCount() throws(MediaLibraryError) -> Int {
        Int(try sql { () throws(SQLiteError) in try connection.query("SELECT count(*) FROM ZASSET").first?.first?.integer ?? 0 })
    }

    /// True when a row has this UUID (an index look-up, not a scan).
    func contains(_ identifier: AssetIdentifier) throws(MediaLibraryError) -> Bool {
        try sql { () throws(SQLiteError) in
            !(try connection.query("SELECT 1 FROM ZASSET WHERE ZUUID = ?", [.text(identifier.uuidString)]).isEmpty)
        }
    }

    /// Inserts every row and moves the counter to `nextNumber`, in one transaction.
    /// `expectedNumber` is the counter the rows were named from; a different one means another
    /// writer ignored the lock, and nothing is inserted (``MediaLibraryError/changedWithoutLock(path:)``).
    func insert(_ rows: [AssetRow], expectedNumber: Int, nextNumber: Int) throws(MediaLibraryError) {
        try inTransaction { () throws(MediaLibraryError) in
            let current = try self.nextNumber()
            guard current == expectedNumber else {
                throw .changedWithoutLock(path: path)
            }
            try sql { () throws(SQLiteError) in
                for row in rows { try insert(row) }
                try connection.run("UPDATE ZCAMERAROLLCOUNTER SET ZNEXTNUMBER = ? WHERE Z_PK = 1",
                                   [.integer(Int64(nextNumber))])
            }
        }
    }

    private func insert(_ row: AssetRow) throws(SQLiteError) {
        let asset = row.asset
        try connection.run("""
            INSERT INTO ZASSET (\(Self.insertedColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [
                .text(row.identifier.uuidString), .text(asset.fileName), .text(row.name.relativePath.deletingLastPathComponent),
                .text(asset.originalFilename), .text(asset.uniformTypeIdentifier),
                .integer(Int64(asset.pixelWidth)), .integer(Int64(asset.pixelHeight)),
                .real(asset.creationDate.timeIntervalSinceReferenceDate),
                asset.latitude.map { .real($0) } ?? .null, asset.longitude.map { .real($0) } ?? .null,
                .integer(Int64(asset.fileSize)), .integer(Int64(row.orientation)),
                .real(row.addedDate.timeIntervalSinceReferenceDate),
            ])
    }

    /// Deletes the rows of `identifiers` in one transaction.
    func delete(_ identifiers: [AssetIdentifier]) throws(MediaLibraryError) {
        try inTransaction { () throws(MediaLibraryError) in
            try sql { () throws(SQLiteError) in
                for identifier in identifiers {
                    try connection.run("DELETE FROM ZASSET WHERE ZUUID = ?", [.text(identifier.uuidString)])
                }
            }
        }
    }

    /// Every asset, by creation date then file name.
    func allAssets() throws(MediaLibraryError) -> [MediaAsset] {
        let rows = try sql { () throws(SQLiteError) in
            try connection.query("SELECT \(Self.assetColumns) FROM ZASSET ORDER BY ZDATECREATED, ZFILENAME")
        }
        var assets: [MediaAsset] = []
        assets.reserveCapacity(rows.count)
        for row in rows { assets.append(try asset(from: row)) }
        return assets
    }

    /// The asset with `identifier`, or `nil`.
    func asset(_ identifier: AssetIdentifier) throws(MediaLibraryError) -> MediaAsset? {
        let rows = try sql { () throws(SQLiteError) in
            try connection.query("SELECT \(Self.assetColumns) FROM ZASSET WHERE ZUUID = ?", [.text(identifier.uuidString)])
        }
        guard let row = rows.first else { return nil }
        return try asset(from: row)
    }

    /// The file names the rows of `directory` point at (for orphan recovery and invariants).
    func fileNames(inDirectory directory: String) throws(MediaLibraryError) -> Set<String> {
        var names = Set<String>()
        try sql { () throws(SQLiteError) in try connection.forEachRow("SELECT ZFILENAME FROM ZASSET WHERE ZDIRECTORY = ?", [.text(directory)]) { row in
            if let name = row.first?.text { names.insert(name) }
        } }
        return names
    }

    // MARK: - Helpers

    /// Runs SQLite calls, wrapping their error.
    private func sql<Result>(_ body: () throws(SQLiteError) -> Result) throws(MediaLibraryError) -> Result {
        try SQLiteError.reported(as: { MediaLibraryError.sqlite($0, path: path) }, body)
    }

    /// Core's transaction runner (BEGIN IMMEDIATE ... COMMIT, rolled back on error) with this
    /// library's errors.
    private func inTransaction(_ body: () throws(MediaLibraryError) -> Void) throws(MediaLibraryError) {
        try connection.transaction(reportingSQLiteErrorsAs: { MediaLibraryError.sqlite($0, path: path) }, body)
    }
}
