import Core
import DeviceStore

extension MediaLibrary {
    /// `PhotoData/Photos.sqlite`.
    public var databasePath: String { database.path }

    /// `PRAGMA integrity_check`'s answers on the library's own connection (`["ok"]` when sound).
    public func integrityCheck() -> [String] {
        do throws(SQLiteError) {
            return try database.connection.query("PRAGMA integrity_check").compactMap { $0.first?.text }
        } catch {
            return ["\(error.kind.summary) (\(error))"]
        }
    }

    /// Rows changed through the library's own connection since it opened (SQLite's
    /// `total_changes()`), nil when it cannot be read; every change to the library goes through it.
    func changesOnItsConnection() -> Int? {
        let rows = try? database.connection.query("SELECT total_changes()")
        return rows?.first?.first?.integer.map { Int($0) }
    }
}
