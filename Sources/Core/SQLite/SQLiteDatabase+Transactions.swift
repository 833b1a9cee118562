extension SQLiteDatabase {
    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`, rolling back when anything throws: the one
    /// transaction runner every store uses.
    ///
    /// `IMMEDIATE` takes the write lock up front, so two writers never fail half-way through
    /// their changes: the second one meets the lock at `BEGIN` and follows the connection's
    /// ``SQLiteBusyPolicy``. SQLite's own failures (at `BEGIN`, at `COMMIT`, or inside `body`
    /// when it lets them through `wrap`) reach the caller as its own error type.
    ///
    /// ```swift
    /// let location = try database.transaction(reportingSQLiteErrorsAs: { LocationStoreError.sqlite($0) }) {
    ///     () throws(LocationStoreError) in try insertRow(details)
    /// }
    /// ```
    public func transaction<Result, Failure: Error>(reportingSQLiteErrorsAs wrap: (SQLiteError) -> Failure,
                                                    _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        do {
            try execute("BEGIN IMMEDIATE")
        } catch {
            throw wrap(error)
        }
        do throws(Failure) {
            let result = try body()
            do {
                try execute("COMMIT")
            } catch {
                throw wrap(error)
            }
            return result
        } catch {
            // After a failed COMMIT SQLite may already have rolled back; then this finds no
            // transaction, which is what is wanted.
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// ``transaction(reportingSQLiteErrorsAs:_:)`` for a body that throws only ``SQLiteError``.
    public func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try transaction(reportingSQLiteErrorsAs: { $0 }, body)
    }
}

extension SQLiteError {
    /// Runs SQLite calls and reports their failure as the caller's error type: how a store turns
    /// ``SQLiteError`` into its own error in one line.
    ///
    /// ```swift
    /// let rows = try SQLiteError.reported(as: { LocationStoreError.sqlite($0) }) { try database.query(sql) }
    /// ```
    public static func reported<Result, Failure: Error>(as wrap: (SQLiteError) -> Failure,
                                                        _ body: () throws(SQLiteError) -> Result) throws(Failure) -> Result {
        do {
            return try body()
        } catch {
            throw wrap(error)
        }
    }
}
