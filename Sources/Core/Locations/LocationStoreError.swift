/// Why the location store could not be opened, read or changed.
public enum LocationStoreError: Error, Equatable, CustomStringConvertible {
    /// The file (or its folder) cannot be opened or created.
    case cannotOpen(path: String, reason: String)
    /// The file exists but is not an SQLite database.
    case notADatabase(path: String)
    /// The file is an SQLite database but not a location store, or its metadata is unreadable.
    case corruptMetadata(path: String, reason: String)
    /// The store was written by a model this code does not know (a newer app, or a store opened
    /// as an older model). Core Data's `NSPersistentStoreIncompatibleVersionHashError` (134100).
    case incompatibleModel(path: String, storeModel: String, openingModel: LocationModelVersion)
    /// A row holds a value this code never writes (a zero photo ID, a missing date ...).
    case invalidRow(path: String, primaryKey: Int64, reason: String)
    /// No location has this ID (it was deleted, or never existed).
    case notFound(LocationID)
    /// The location changed in the store since this value was read (its `Z_OPT` moved on).
    case conflict(LocationID, expectedVersion: Int64, storedVersion: Int64)
    /// Any other SQLite failure: disk full, I/O error, locked by another connection ... (its
    /// ``SQLiteError/kind`` says which, and the message says it in words).
    case sqlite(SQLiteError)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "Cannot open the location store \(path): \(reason). Check that its folder exists and is writable."
        case .notADatabase(let path):
            return "The location store \(path) is not an SQLite database. Move it aside to start a new store."
        case .corruptMetadata(let path, let reason):
            return "The location store \(path) has unusable metadata: \(reason). Move it aside to start a new store."
        case .incompatibleModel(let path, let storeModel, let openingModel):
            return "The model used to open the store is incompatible with the one used to create the store "
                + "(\(path) was written by \(storeModel); this app opens it as \(openingModel) and migrates only "
                + "older stores). Update the app to a version that knows \(storeModel)."
        case .invalidRow(let path, let primaryKey, let reason):
            return "Location row Z_PK=\(primaryKey) in \(path) is invalid: \(reason)."
        case .notFound(let id):
            return "No location with ID \(id); it may have been deleted. Reload the list."
        case .conflict(let id, let expected, let stored):
            return "Location \(id) was changed elsewhere (version \(stored), this copy is version \(expected)). "
                + "Reload it and apply the change again."
        case .sqlite(let error):
            return "The location store failed: \(error). \(error.kind.advice)"
        }
    }
}
