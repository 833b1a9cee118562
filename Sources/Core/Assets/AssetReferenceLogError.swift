/// Why the asset reference log could not be opened, read or written.
public enum AssetReferenceLogError: Error, Equatable, CustomStringConvertible {
    /// The file (or its folder) cannot be opened or created.
    case cannotOpen(path: String, reason: String)
    /// The file exists but is not an SQLite database.
    case notADatabase(path: String)
    /// The database is not an asset reference log this code can read (another file, or a
    /// newer format); `formatVersion` is its `user_version`.
    case unsupportedFormat(path: String, formatVersion: Int64)
    /// An entry holds a value this code never writes.
    case corruptEntry(path: String, sequence: Int64, reason: String)
    /// The photo library could not answer which assets exist; nothing was reported missing.
    case lookupFailed(reason: String)
    /// Any other SQLite failure: disk full, I/O error, locked by another connection ... (its
    /// ``SQLiteError/kind`` says which, and the message says it in words).
    case sqlite(SQLiteError)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "Cannot open the asset reference log \(path): \(reason). Check that its folder exists and is writable."
        case .notADatabase(let path):
            return "The asset reference log \(path) is not an SQLite database. Move it aside to start a new log."
        case .unsupportedFormat(let path, let version):
            return "The asset reference log \(path) has format \(version), which this app does not read "
                + "(it reads format \(AssetReferenceLog.formatVersion)). Update the app, or move the file aside."
        case .corruptEntry(let path, let sequence, let reason):
            return "Entry \(sequence) of the asset reference log \(path) is invalid: \(reason)."
        case .lookupFailed(let reason):
            return "Cannot resolve the asset references: the photo library could not be read (\(reason))."
        case .sqlite(let error):
            return "The asset reference log failed: \(error). \(error.kind.advice)"
        }
    }
}
