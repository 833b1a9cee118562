import Foundation

/// Saved images as full-size + thumbnail record pairs in SQLite, with large blobs kept outside.
///
/// The seed app's database answer: every save makes a full-resolution record (JPEG at quality
/// 1.0) and a thumbnail record (the whole image scaled to cover ``Configuration/thumbnailSize``,
/// JPEG at 0.7) in a one-to-one relation, both stamped
/// with a ``PhotoRecordID``. Binary data "allows external storage" as in Core Data: a blob larger
/// than ``Configuration/externalStorageThresholdBytes`` is written to
/// `.<StoreName>_SUPPORT/_EXTERNAL_DATA/<UUID>` beside the store (Core Data's hidden folder,
/// bluecrowbar.com "Core Data external storage", 2011), and the row keeps only its name.
/// The default threshold is 100 KB, the figure Apple engineers gave for Core Data (Ask Apple
/// 2022, reported by fatbobman.com).
///
/// Column encoding (PhotoSim's own; Core Data's byte layout is undocumented): `ZIMAGEDATA` holds
/// a marker byte then either the JPEG bytes (`0x01`) or the external file's UUID string (`0x02`).
///
/// IDs (``PhotoRecordID``) are whole milliseconds since 1970, stored in `ZID` as a REAL number of
/// seconds since 1970, the format the store has always had: files written before IDs were whole
/// milliseconds open unchanged, and their rows are found by the nearest millisecond.
///
/// Nothing is lost on failure: external files are written (atomically) before the rows that
/// name them are committed in one transaction; if the commit fails they are removed. Deleting
/// commits the row deletion first, then removes the files. Files left behind by a crash between
/// the two steps name no row and are swept when the store is next opened.
///
/// Several connections (an app and its extension) may share the file: a save writes its external
/// files while holding SQLite's write lock (`BEGIN IMMEDIATE`) and the sweep on opening takes the
/// same lock, so one connection never sweeps files another is about to commit.
public final class PhotoRecordStore {
    /// Sizes and qualities; the defaults follow the seed app.
    public struct Configuration: Sendable {
        public var externalStorageThresholdBytes = 100_000
        public var fullSizeQuality = 100
        public var thumbnailQuality = 70
        /// The thumbnail's box; the seed app scales to its view's size.
        public var thumbnailSize = ThumbnailSize(points: 100, scale: 1)
        public init() {}
    }

    public let storePath: String
    public let configuration: Configuration
    let database: SQLiteDatabase
    let fileSystem: FileSystem
    let clock: WallClock
    let random: RandomSource

    /// Opens or creates the store at `storePath` and sweeps orphaned external files.
    /// - Parameter busy: what a save, a deletion or the sweep on opening does when another
    ///   connection holds the write lock; by default it fails at once with
    ///   ``PhotoRecordError/database(_:)`` of kind ``SQLiteError/Kind/busy``.
    public init(storePath: String, fileSystem: FileSystem, clock: WallClock, random: RandomSource,
                configuration: Configuration = Configuration(), busy: SQLiteBusyPolicy = .failAtOnce) throws(PhotoRecordError) {
        self.storePath = storePath
        self.fileSystem = fileSystem
        self.clock = clock
        self.random = random
        self.configuration = configuration
        database = try PhotoRecordError.mapping {
            try fileSystem.createDirectory(at: storePath.deletingLastPathComponent)
            let database = try SQLiteDatabase(path: storePath, options: .durable(busy: busy, vfsName: fileSystem.sqliteVFSName))
            try database.execute(Self.schema)
            return database
        }
        try inTransaction { try sweepOrphanedExternalFiles() }
    }

    /// The hidden folder external blobs live in.
    public var externalDataFolder: String {
        let storeName = storePath.lastPathComponent.split(separator: ".").first.map(String.init) ?? "Store"
        return storePath.deletingLastPathComponent
            .appendingPathComponent(".\(storeName)_SUPPORT").appendingPathComponent("_EXTERNAL_DATA")
    }

    /// Saves `image` as a new record pair and returns its ID.
    @discardableResult
    public func save(_ image: Bitmap) throws(PhotoRecordError) -> PhotoRecordID {
        let prepared = try prepare(image)
        return try insert(prepared, takenAt: nil)
    }

    /// IDs of every saved record, oldest first.
    public func recordIDs() throws(PhotoRecordError) -> [PhotoRecordID] {
        try PhotoRecordError.mapping {
            try database.query("SELECT ZID FROM ZFULLRES ORDER BY ZID").compactMap { row in
                row[0].real.flatMap(PhotoRecordID.init(storedSeconds:))
            }
        }
    }

    /// The newest record's thumbnail JPEG ("load the latest"), or `nil` for an empty store.
    public func latestThumbnail() throws(PhotoRecordError) -> Data? {
        guard let newest = try PhotoRecordError.mapping({ try newestID() }) else { return nil }
        return try thumbnailData(for: newest)
    }

    /// The full-size JPEG of a record.
    public func fullSizeData(for id: PhotoRecordID) throws(PhotoRecordError) -> Data {
        try PhotoRecordError.mapping { try blob(table: .fullSize, id: id) }
    }

    /// The thumbnail JPEG of a record.
    public func thumbnailData(for id: PhotoRecordID) throws(PhotoRecordError) -> Data {
        try PhotoRecordError.mapping { try blob(table: .thumbnail, id: id) }
    }

    /// Deletes a record pair and its external files. Throws ``PhotoRecordError/notFound(_:)``.
    public func delete(_ id: PhotoRecordID) throws(PhotoRecordError) {
        try PhotoRecordError.mapping { try deleteRows(id) }
    }

    private func deleteRows(_ id: PhotoRecordID) throws {
        let externals = try inTransaction { () throws -> [String] in
            let files = try externalFiles(of: id)
            try database.run("DELETE FROM ZTHUMBNAIL WHERE \(Self.matchingID)", bounds(of: id))
            try database.run("DELETE FROM ZFULLRES WHERE \(Self.matchingID)", bounds(of: id))
            guard database.changedRowCount == 1 else { throw PhotoRecordError.notFound(id) }
            return files
        }
        try fileSystem.reach(.recordsDeleteAfterRowDelete)
        for path in externals { try fileSystem.removeItem(at: path) }
    }

    /// Runs `body` in the database's one transaction runner, its errors as ``PhotoRecordError``.
    func inTransaction<Result>(_ body: () throws -> Result) throws(PhotoRecordError) -> Result {
        try database.transaction(reportingSQLiteErrorsAs: { PhotoRecordError.database($0) }) {
            () throws(PhotoRecordError) in try PhotoRecordError.mapping(body)
        }
    }
}
