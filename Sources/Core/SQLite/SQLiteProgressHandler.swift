import CSQLite

/// The state behind one connection's `sqlite3_progress_handler`: the bound on one statement's
/// work and how much of it the current statement has used.
///
/// SQLite calls a C function every ``stepsPerCall`` virtual-machine steps; it cannot capture
/// Swift values, so the connection passes this object as the handler's context pointer
/// (unretained: the connection keeps it alive for as long as the handle is open). Counting
/// steps, not time, keeps the bound the same on every machine and under any load.
final class SQLiteProgressHandler {
    /// Steps between two calls of the handler.
    static let stepsPerCall: Int32 = 1_000
    let maximumSteps: Int
    private var calls = 0

    init(maximumSteps: Int) {
        precondition(maximumSteps > 0, "a statement's work bound is a positive number of steps")
        self.maximumSteps = maximumSteps
    }

    /// Installs a bound of `maximumSteps` on `connection`; returns the handler the connection must
    /// keep, or nil (and no handler) for no bound.
    static func install(maximumSteps: Int?, on connection: OpaquePointer) -> SQLiteProgressHandler? {
        guard let maximumSteps else { return nil }
        let handler = SQLiteProgressHandler(maximumSteps: maximumSteps)
        sqlite3_progress_handler(connection, stepsPerCall, { context in
            guard let context else { return 0 }
            return Unmanaged<SQLiteProgressHandler>.fromOpaque(context).takeUnretainedValue().stop() ? 1 : 0
        }, Unmanaged.passUnretained(handler).toOpaque())
        return handler
    }

    /// A new statement starts: it may take `maximumSteps` again.
    func startStatement() {
        calls = 0
    }

    /// Whether SQLite should stop the statement (it then fails with `SQLITE_INTERRUPT`).
    func stop() -> Bool {
        calls += 1
        return calls * Int(Self.stepsPerCall) > maximumSteps
    }
}
