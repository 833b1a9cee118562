import CSQLite

/// The state behind one connection's `sqlite3_busy_handler`: the policy and when the current
/// wait began.
///
/// SQLite calls a C function, which cannot capture Swift values; the connection passes this
/// object as the handler's context pointer (unretained: the connection keeps it alive for as
/// long as the handle is open).
final class SQLiteBusyHandler {
    private let waiting: BusyWaiting
    private let timeoutSeconds: Double
    private let pauseSeconds: Double
    private var startSeconds: Double = 0

    init(waiting: BusyWaiting, timeoutSeconds: Double, pauseSeconds: Double) {
        precondition(timeoutSeconds >= 0 && timeoutSeconds.isFinite, "a busy timeout is a finite number of seconds")
        precondition(pauseSeconds > 0 && pauseSeconds.isFinite, "a pause moves time forward")
        self.waiting = waiting
        self.timeoutSeconds = timeoutSeconds
        self.pauseSeconds = pauseSeconds
    }

    /// Installs `policy` on `connection`; returns the handler the connection must keep, if any.
    static func install(_ policy: SQLiteBusyPolicy, on connection: OpaquePointer) -> SQLiteBusyHandler? {
        guard case .waiting(let waiting, let timeoutSeconds, let pauseSeconds) = policy else {
            sqlite3_busy_handler(connection, nil, nil)
            return nil
        }
        let handler = SQLiteBusyHandler(waiting: waiting, timeoutSeconds: timeoutSeconds, pauseSeconds: pauseSeconds)
        sqlite3_busy_handler(connection, { context, attempt in
            guard let context else { return 0 }
            return Unmanaged<SQLiteBusyHandler>.fromOpaque(context).takeUnretainedValue().retry(attempt: attempt) ? 1 : 0
        }, Unmanaged.passUnretained(handler).toOpaque())
        return handler
    }

    /// Whether SQLite should try again: pauses and says yes while the bound has not passed.
    /// `attempt` is 0 on the first call of each wait, so the wait's start is taken then.
    func retry(attempt: Int32) -> Bool {
        if attempt == 0 { startSeconds = waiting.monotonicSeconds }
        guard waiting.monotonicSeconds - startSeconds < timeoutSeconds else { return false }
        waiting.pause(seconds: pauseSeconds)
        return true
    }
}
