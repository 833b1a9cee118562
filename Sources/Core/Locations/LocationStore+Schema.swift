import Foundation

extension LocationStore {
    /// The metadata keys Core Data uses, with the values this store writes.
    enum MetadataKey {
        static let modelVersionIdentifiers = "NSStoreModelVersionIdentifiers"
        static let storeType = "NSStoreType"
        static let storeUUID = "NSStoreUUID"
    }

    /// Opens the SQLite file in WAL mode with `synchronous=FULL` (durable commits).
    static func openDatabase(at path: String, busy: SQLiteBusyPolicy, vfsName: String? = nil) throws(LocationStoreError) -> SQLiteDatabase {
        do {
            return try SQLiteDatabase(path: path, options: .durable(busy: busy, vfsName: vfsName))
        } catch {
            switch error.kind {
            case .notADatabase: throw .notADatabase(path: path)
            case .cannotOpen: throw .cannotOpen(path: path, reason: error.message)
            default: throw .sqlite(error)
            }
        }
    }

    /// Creates the tables of a new store, or checks and migrates the ones there are.
    func prepareSchema(random: RandomSource) throws(LocationStoreError) {
        let migrated = try inTransaction { () throws(LocationStoreError) -> Bool in
            let tables = try sqlite { () throws(SQLiteError) in try database.tableNames() }
            if tables.isEmpty {
                try createSchema(uuid: random.makeUUID())
                return false
            }
            guard tables.contains("Z_METADATA"), tables.contains("Z_PRIMARYKEY"), tables.contains("ZLOCATION") else {
                throw .corruptMetadata(path: path, reason: "it has the tables \(tables), not ZLOCATION, Z_PRIMARYKEY and Z_METADATA")
            }
            var metadata = try readMetadata()
            let stored = try storedModel(in: metadata)
            try checkColumns(match: stored)
            guard stored < model else { return false }
            for version in LocationModelVersion.allCases where version > stored && version <= model {
                try sqlite { () throws(SQLiteError) in try database.execute(LocationStatements.migration(to: version)) }
            }
            metadata[MetadataKey.modelVersionIdentifiers] = .array([.string(model.identifier)])
            try writeMetadata(metadata, update: true)
            try reachMigrationPoint(.locationsMigrationBeforeCommit)
            return true
        }
        if migrated { try reachMigrationPoint(.locationsMigrationAfterCommit) }
    }

    /// A crash point of the migration, its interruption reported as the store not opening.
    private func reachMigrationPoint(_ point: CrashPoint) throws(LocationStoreError) {
        do {
            try crashPoints?.reach(point)
        } catch {
            throw .cannotOpen(path: path, reason: error.description)
        }
    }

    private func createSchema(uuid: UUID) throws(LocationStoreError) {
        try sqlite { () throws(SQLiteError) in
            try database.execute(statements.createLocationTable)
            try database.execute(LocationStatements.createBookkeepingTables)
        }
        let metadata: [String: PropertyListValue] = [
            MetadataKey.storeType: .string("SQLite"),
            MetadataKey.storeUUID: .string(uuid.uuidString),
            MetadataKey.modelVersionIdentifiers: .array([.string(model.identifier)]),
        ]
        try writeMetadata(metadata, update: false)
    }

    private func writeMetadata(_ metadata: [String: PropertyListValue], update: Bool) throws(LocationStoreError) {
        let plist = SQLiteValue.blob(PropertyListValue.dictionary(metadata).encodedXML())
        let uuid = SQLiteValue.text(metadata[MetadataKey.storeUUID]?.string ?? "")
        try sqlite { () throws(SQLiteError) in
            if update {
                try database.run("UPDATE Z_METADATA SET Z_PLIST = ? WHERE Z_VERSION = 1", [plist])
            } else {
                try database.run("INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?, ?)", [uuid, plist])
            }
        }
    }

    private func readMetadata() throws(LocationStoreError) -> [String: PropertyListValue] {
        let rows = try sqlite { () throws(SQLiteError) in try database.query("SELECT Z_PLIST FROM Z_METADATA WHERE Z_VERSION = 1") }
        guard let bytes = rows.first?.first?.blob else {
            throw .corruptMetadata(path: path, reason: "Z_METADATA has no Z_PLIST for Z_VERSION 1")
        }
        let root: PropertyListValue
        do {
            root = try PropertyListValue.decode(bytes)
        } catch {
            throw .corruptMetadata(path: path, reason: "Z_PLIST cannot be read: \(error.reason)")
        }
        guard let metadata = root.dictionary else {
            throw .corruptMetadata(path: path, reason: "Z_PLIST is a \(root.typeName), not a dictionary")
        }
        return metadata
    }

    /// The model that wrote the store; a newer or unknown one is incompatible.
    private func storedModel(in metadata: [String: PropertyListValue]) throws(LocationStoreError) -> LocationModelVersion {
        let identifiers = metadata[MetadataKey.modelVersionIdentifiers]?.array?.compactMap(\.string) ?? []
        guard let identifier = identifiers.first else {
            throw .corruptMetadata(path: path, reason: "\(MetadataKey.modelVersionIdentifiers) is missing")
        }
        let number = LocationModelVersion.number(fromIdentifier: identifier)
        guard let stored = number.flatMap(LocationModelVersion.init(rawValue:)), stored <= model else {
            throw .incompatibleModel(path: path, storeModel: identifier, openingModel: model)
        }
        return stored
    }

    private func checkColumns(match stored: LocationModelVersion) throws(LocationStoreError) {
        let columns = try sqlite { () throws(SQLiteError) in try database.columnNames(inTable: "ZLOCATION") }
        guard columns.contains("ZPHOTOID") == stored.hasPhotoID else {
            throw .corruptMetadata(path: path, reason: "the metadata says \(stored) but ZLOCATION has the columns \(columns)")
        }
    }
}
