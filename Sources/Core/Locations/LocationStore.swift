import Foundation

/// The tagged locations, in an SQLite file laid out the way Core Data lays out its stores.
///
/// Tables: `ZLOCATION` (one row per location), `Z_PRIMARYKEY` (the last `Z_PK` handed out, as
/// Core Data allocates keys) and `Z_METADATA` (a plist naming the model version under
/// `NSStoreModelVersionIdentifiers`). Dates (`ZDATE`) are stored as Core Data stores them: a
/// REAL number of seconds since 2001-01-01 00:00:00 UTC (`Date.timeIntervalSinceReferenceDate`).
///
/// Every change is its own transaction, committed in WAL mode with `synchronous=FULL`, so a
/// change is durable when the call returns and a crash leaves the store as it was before the
/// call or after it. SQLite reads and writes the file itself, not through the ``FileSystem``
/// seam; the fault injector therefore covers photo and preference files, not this one.
///
/// ```swift
/// let store = try LocationStore(path: LocationStore.path(containerPath: container), random: random)
/// var location = try store.insert(details)
/// location.locationDescription = "Canal house, blue door"
/// location = try store.update(location)
/// let list = try store.allLocations()   // oldest first
/// ```
public final class LocationStore {
    /// The SQLite file.
    public let path: String
    /// The model this connection reads and writes.
    public let model: LocationModelVersion
    let database: SQLiteDatabase
    let statements: LocationStatements
    /// Where the migration's crash points are reached (the file system the store was opened with).
    let crashPoints: FileSystem?
    /// The seed's unfixed model (its `photoIDDefault: 0` variant): `photoID` has the default
    /// value 0, as a Core Data Integer 32 attribute gets one, so a location without a photo is
    /// written with `ZPHOTOID` 0, not NULL, and 0 reads back as no photo ID (the app then takes
    /// it for `Photo-0.jpg`). The seed's text shows it with `SELECT ZPHOTOID FROM ZLOCATION`.
    public var photoIDDefaultsToZero = false

    /// Opens the store at `path`, creating it when the file does not exist or is empty, and
    /// migrating it in one transaction when an older model wrote it.
    /// - Parameters:
    ///   - random: draws the store's UUID (`Z_UUID`) when the store is created.
    ///   - model: the model to open as; tests pass `.v1` to write stores as the first release did.
    ///   - busy: what to do when another connection holds the write lock; by default fail at
    ///     once with ``LocationStoreError/sqlite(_:)`` of kind ``SQLiteError/Kind/busy``.
    /// - Throws: ``LocationStoreError/cannotOpen(path:reason:)``, ``LocationStoreError/notADatabase(path:)``,
    ///   ``LocationStoreError/corruptMetadata(path:reason:)``,
    ///   ``LocationStoreError/incompatibleModel(path:storeModel:openingModel:)``.
    ///   - fileSystem: when given, its SQLite VFS opens the file and its crash points mark the
    ///     migration (``CrashPoint/locationsMigrationBeforeCommit``); by default SQLite's own.
    public init(path: String, random: RandomSource, model: LocationModelVersion = .current,
                busy: SQLiteBusyPolicy = .failAtOnce, fileSystem: FileSystem? = nil) throws(LocationStoreError) {
        self.path = path
        self.model = model
        self.statements = LocationStatements(model: model)
        self.crashPoints = fileSystem
        self.database = try Self.openDatabase(at: path, busy: busy, vfsName: fileSystem?.sqliteVFSName)
        try prepareSchema(random: random)
    }

    /// Opens the app's store in its data container (``path(containerPath:)``), creating
    /// `Library/Application Support` first when the container is new, as the app's first launch does.
    public static func open(containerPath: String, fileSystem: FileSystem, random: RandomSource,
                            busy: SQLiteBusyPolicy = .failAtOnce) throws(LocationStoreError) -> LocationStore {
        let path = path(containerPath: containerPath)
        do {
            try fileSystem.createDirectory(at: path.deletingLastPathComponent)
        } catch {
            throw .cannotOpen(path: path, reason: error.description)
        }
        return try LocationStore(path: path, random: random, busy: busy, fileSystem: fileSystem)
    }

    /// Where the app keeps its store inside its data container.
    public static func path(containerPath: String) -> String {
        containerPath.appendingPathComponent("Library/Application Support/Locations.sqlite")
    }

    /// Closes the connection; the store cannot be used afterwards.
    public func close() {
        database.close()
    }

    // MARK: - Reading

    /// Every location, oldest first (by date, then by ID for equal dates): the order of the
    /// app's Locations list.
    public func allLocations() throws(LocationStoreError) -> [Location] {
        var locations: [Location] = []
        for row in try sqlite({ () throws(SQLiteError) in try database.query(statements.selectAll) }) {
            locations.append(try decodeLocation(row))
        }
        return locations
    }

    /// The location with this ID, or `nil` when there is none.
    public func location(withID id: LocationID) throws(LocationStoreError) -> Location? {
        let rows = try sqlite { () throws(SQLiteError) in try database.query(statements.selectOne, [.integer(id.rawValue)]) }
        guard let row = rows.first else { return nil }
        return try decodeLocation(row)
    }

    // MARK: - Changing

    /// Stores a new location, without a photo, and returns it with its new ID (version 1).
    public func insert(_ details: LocationDetails) throws(LocationStoreError) -> Location {
        try insert(details, photoID: nil)
    }

    /// Stores many new locations in one transaction (all or none), in the order given.
    public func insert(contentsOf detailsList: [LocationDetails]) throws(LocationStoreError) -> [Location] {
        try inTransaction { () throws(LocationStoreError) in
            let firstKey = try reservePrimaryKeys(count: detailsList.count)
            var inserted: [Location] = []
            inserted.reserveCapacity(detailsList.count)
            for (offset, details) in detailsList.enumerated() {
                inserted.append(try insertRow(details, photoID: nil, primaryKey: firstKey + Int64(offset)))
            }
            return inserted
        }
    }

    /// Saves the edited details of `location` and returns it with its version one higher.
    /// - Throws: ``LocationStoreError/notFound(_:)`` when it was deleted,
    ///   ``LocationStoreError/conflict(_:expectedVersion:storedVersion:)`` when it changed since
    ///   `location` was read.
    public func update(_ location: Location) throws(LocationStoreError) -> Location {
        try update(location, photoID: location.photoID)
    }

    /// Deletes the location. Its photo file is not touched: ``LocationPhotos/delete(_:)`` does both.
    /// - Throws: ``LocationStoreError/notFound(_:)`` when there is no such location.
    public func delete(_ id: LocationID) throws(LocationStoreError) {
        try inTransaction { () throws(LocationStoreError) in
            try sqlite { () throws(SQLiteError) in try database.run(statements.delete, [.integer(id.rawValue)]) }
            guard database.changedRowCount == 1 else { throw .notFound(id) }
        }
    }

    // MARK: - For LocationPhotos

    /// Inserts a location that already has its photo file (or none), in one transaction.
    func insert(_ details: LocationDetails, photoID: PhotoID?) throws(LocationStoreError) -> Location {
        try inTransaction { () throws(LocationStoreError) in try insertRow(details, photoID: photoID) }
    }

    /// Saves the details and the photo ID, checking the version as ``update(_:)`` does.
    func update(_ location: Location, photoID: PhotoID?) throws(LocationStoreError) -> Location {
        try inTransaction { () throws(LocationStoreError) in try updateRow(location, photoID: photoID) }
    }

    /// Inserts a row with a newly reserved key. Call inside a transaction.
    func insertRow(_ details: LocationDetails, photoID: PhotoID?) throws(LocationStoreError) -> Location {
        try insertRow(details, photoID: photoID, primaryKey: try reservePrimaryKeys(count: 1))
    }

    /// Updates a row if it is still at `location.version`. Call inside a transaction.
    func updateRow(_ location: Location, photoID: PhotoID?) throws(LocationStoreError) -> Location {
        precondition(model.hasPhotoID || photoID == nil, "a \(model) store has no photo IDs")
        var values: [SQLiteValue] = []
        values.reserveCapacity(9)
        appendDetailValues(location.details, to: &values)
        if model.hasPhotoID { values.append(photoValue(photoID)) }
        values += [.integer(location.id.rawValue), .integer(location.version)]
        try sqlite { () throws(SQLiteError) in try database.run(statements.update, values) }
        guard database.changedRowCount == 1 else { throw try missingOrConflict(location) }
        return Location(id: location.id, details: location.details, photoID: photoID, version: location.version + 1)
    }

    /// Throws ``LocationStoreError/notFound(_:)`` or ``LocationStoreError/conflict(_:expectedVersion:storedVersion:)``
    /// unless the row is still at `location.version`.
    func requireCurrentVersion(of location: Location) throws(LocationStoreError) {
        let rows = try sqlite { () throws(SQLiteError) in try database.query(statements.selectVersion, [.integer(location.id.rawValue)]) }
        guard let stored = rows.first?.first?.integer else { throw .notFound(location.id) }
        guard stored == location.version else {
            throw .conflict(location.id, expectedVersion: location.version, storedVersion: stored)
        }
    }

    // MARK: - Rows

    private func insertRow(_ details: LocationDetails, photoID: PhotoID?, primaryKey: Int64) throws(LocationStoreError) -> Location {
        precondition(model.hasPhotoID || photoID == nil, "a \(model) store has no photo IDs")
        var values: [SQLiteValue] = []
        values.reserveCapacity(8)
        values.append(.integer(primaryKey))
        appendDetailValues(details, to: &values)
        if model.hasPhotoID { values.append(photoValue(photoID)) }
        try sqlite { () throws(SQLiteError) in try database.run(statements.insert, values) }
        return Location(id: LocationID(rawValue: primaryKey)!, details: details, photoID: photoID, version: 1)
    }

    /// Takes `count` keys from `Z_PRIMARYKEY` and returns the first. Call inside a transaction.
    private func reservePrimaryKeys(count: Int) throws(LocationStoreError) -> Int64 {
        let rows = try sqlite { () throws(SQLiteError) in try database.query(statements.selectMaximumKey) }
        guard let maximum = rows.first?.first?.integer, maximum >= 0, maximum <= Int64.max - Int64(count) else {
            throw .corruptMetadata(path: path, reason: "Z_PRIMARYKEY has no usable Z_MAX for \(LocationStatements.entityName)")
        }
        try sqlite { () throws(SQLiteError) in
            try database.run(statements.updateMaximumKey, [.integer(maximum + Int64(count))])
        }
        return maximum + 1
    }

    private func missingOrConflict(_ location: Location) throws(LocationStoreError) -> LocationStoreError {
        let rows = try sqlite { () throws(SQLiteError) in try database.query(statements.selectVersion, [.integer(location.id.rawValue)]) }
        guard let stored = rows.first?.first?.integer else { return .notFound(location.id) }
        return .conflict(location.id, expectedVersion: location.version, storedVersion: stored)
    }

    /// Binds in the column order of ``LocationStatements``; one array per row, sized up front,
    /// because bulk inserts spend much of their time allocating.
    private func appendDetailValues(_ details: LocationDetails, to values: inout [SQLiteValue]) {
        values.append(.real(details.latitude))
        values.append(.real(details.longitude))
        values.append(.real(details.date.timeIntervalSinceReferenceDate))
        values.append(.text(details.locationDescription))
        values.append(.text(details.category))
        values.append(details.placemark.map(SQLiteValue.text) ?? .null)
    }

    private func photoValue(_ photoID: PhotoID?) -> SQLiteValue {
        photoID.map { .integer(Int64($0.rawValue)) } ?? (photoIDDefaultsToZero ? .integer(0) : .null)
    }
}
