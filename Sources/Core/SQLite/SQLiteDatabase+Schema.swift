extension SQLiteDatabase {
    /// The names of the tables in the main database, sorted.
    public func tableNames() throws(SQLiteError) -> [String] {
        try query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0.first?.text }
    }

    /// The column names of `table`, in declaration order (empty when there is no such table).
    public func columnNames(inTable table: String) throws(SQLiteError) -> [String] {
        try query("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]).compactMap { $0.first?.text }
    }
}
