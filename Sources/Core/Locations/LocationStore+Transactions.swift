extension LocationStore {
    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`, rolling back when anything throws.
    func inTransaction<Result>(_ body: () throws(LocationStoreError) -> Result) throws(LocationStoreError) -> Result {
        try inTransaction(reportingSQLiteErrorsAs: { LocationStoreError.sqlite($0) }, body)
    }

    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT` for a caller with its own error type
    /// (``LocationPhotos`` writes a photo file while it holds the store's write lock).
    func inTransaction<Result, Failure: Error>(reportingSQLiteErrorsAs wrap: (SQLiteError) -> Failure,
                                               _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        do {
            try database.execute("BEGIN IMMEDIATE")
        } catch {
            throw wrap(error)
        }
        do throws(Failure) {
            let result = try body()
            do {
                try database.execute("COMMIT")
            } catch {
                throw wrap(error)
            }
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
