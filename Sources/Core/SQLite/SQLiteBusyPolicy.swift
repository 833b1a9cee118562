/// What a connection does when another connection holds the lock it needs (`SQLITE_BUSY`).
///
/// SQLite's own `sqlite3_busy_timeout` sleeps in real time inside SQLite; PhotoSim never uses
/// it. Instead a busy handler (`sqlite3_busy_handler`) follows this policy:
///
/// - ``failAtOnce`` (the default for Core and the simulated world): the call fails at once with
///   an ``SQLiteError`` whose ``SQLiteError/kind`` is ``SQLiteError/Kind/busy``. Inside the world
///   its scheduler decides who runs; two connections on one thread could never unblock each other
///   by waiting anyway.
/// - ``waiting(_:timeoutSeconds:pauseSeconds:)`` (the command line, where another process may
///   hold the database): pause through a ``BusyWaiting`` and try again, up to a bound.
///
/// ```swift
/// let options = SQLiteOpenOptions.durable(busy: .waiting(MonotonicLockWaiting(), timeoutSeconds: 10))
/// ```
public enum SQLiteBusyPolicy {
    /// Report `SQLITE_BUSY` at once; never wait.
    case failAtOnce
    /// Pause `pauseSeconds` through `waiting` and try again, until `timeoutSeconds` have passed
    /// on its clock since the first attempt; then report `SQLITE_BUSY`.
    case waiting(BusyWaiting, timeoutSeconds: Double, pauseSeconds: Double = SQLiteBusyPolicy.defaultPauseSeconds)

    /// The pause between attempts unless told otherwise: short against a writer's few
    /// milliseconds, long enough not to spin.
    public static let defaultPauseSeconds = 0.01
}
