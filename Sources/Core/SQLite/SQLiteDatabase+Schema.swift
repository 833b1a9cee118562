extension SQLiteDatabase {
    /// The names of the tables in the main database, sorted.
    public func tableNames() throws(SQLiteError) -> [String] {
        try query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0.first?.text }
    }

    /// The column names of `table`, in declaration order (empty when there is no such table).
    public func columnNames(inTable table: String) throws(SQLiteError) -> [String] {
        try query("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]).compactMap { $0.first?.text }
    }

    /// `PRAGMA user_version`: a number the application keeps in the file header (0 in a new file).
    public func userVersion() throws(SQLiteError) -> Int64 {
        try query("PRAGMA user_version").first?.first?.integer ?? 0
    }

    /// Sets `PRAGMA user_version`; part of the surrounding transaction, if any.
    public func setUserVersion(_ version: Int64) throws(SQLiteError) {
        try execute("PRAGMA user_version = \(version)")
    }
}

extension SQLiteDatabase {
    /// Why a store file could not be opened, sorted into the cases a user can act on.
    enum OpenFailure: Error {
        case cannotOpen(reason: String)
        case notADatabase
        case other(SQLiteError)
    }

    /// Opens (creating) the file at `path` in WAL mode with durable commits (`synchronous=FULL`).
    /// Setting the journal mode is the first read of the file, so it is where a non-SQLite file
    /// shows up.
    static func openDurable(path: String) throws(OpenFailure) -> SQLiteDatabase {
        do {
            let database = try SQLiteDatabase(path: path)
            try database.useWriteAheadLog(synchronous: .full)
            return database
        } catch {
            if error.isNotADatabase { throw .notADatabase }
            if error.isCannotOpen { throw .cannotOpen(reason: error.message) }
            throw .other(error)
        }
    }
}
