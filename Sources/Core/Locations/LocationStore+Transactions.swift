extension LocationStore {
    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`, rolling back when anything throws.
    func inTransaction<Result>(_ body: () throws(LocationStoreError) -> Result) throws(LocationStoreError) -> Result {
        try sqlite { () throws(SQLiteError) in try database.execute("BEGIN IMMEDIATE") }
        do {
            let result = try body()
            try sqlite { () throws(SQLiteError) in try database.execute("COMMIT") }
            return result
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    /// Runs an SQLite call, reporting its failure as ``LocationStoreError/sqlite(_:)``.
    func sqlite<Result>(_ body: () throws(SQLiteError) -> Result) throws(LocationStoreError) -> Result {
        do {
            return try body()
        } catch {
            throw .sqlite(error)
        }
    }
}
