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
