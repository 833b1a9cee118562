extension LocationStore {
    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`, rolling back when anything throws.
    func inTransaction<Result>(_ body: () throws(LocationStoreError) -> Result) throws(LocationStoreError) -> Result {
        try database.transaction(reportingSQLiteErrorsAs: { LocationStoreError.sqlite($0) }, body)
    }

    /// Runs `body` inside the store's transaction for a caller with its own error type
    /// (``LocationPhotos`` writes a photo file while it holds the store's write lock).
    func inTransaction<Result, Failure: Error>(reportingSQLiteErrorsAs wrap: (SQLiteError) -> Failure,
                                               _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try database.transaction(reportingSQLiteErrorsAs: wrap, body)
    }

    /// Runs an SQLite call, reporting its failure as ``LocationStoreError/sqlite(_:)``.
    func sqlite<Result>(_ body: () throws(SQLiteError) -> Result) throws(LocationStoreError) -> Result {
        try SQLiteError.reported(as: { LocationStoreError.sqlite($0) }, body)
    }
}
