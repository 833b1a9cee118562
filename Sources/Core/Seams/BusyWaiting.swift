/// How something that found a lock taken waits before it tries again: the pause and the elapsed
/// time, passed in so Core (and the simulator) never sleeps or reads a clock itself.
///
/// SQLite's busy handler (``SQLiteBusyPolicy/waiting(_:timeoutSeconds:pauseSeconds:)``) and the
/// simulator's file locks wait through it. The command line passes a live implementation (a
/// monotonic clock and `nanosleep`, in the `Live` module); tests and the simulated world pass
/// ``VirtualBusyWaiting``, whose time moves only when it is asked to pause.
///
/// Contract: `monotonicSeconds` never decreases, and after `pause(seconds: s)` it has grown by at
/// least `s`, so a wait with a bound always ends.
public protocol BusyWaiting: AnyObject {
    /// Seconds on a clock that only moves forward (its origin is arbitrary).
    var monotonicSeconds: Double { get }
    /// Waits about `seconds` before the next attempt.
    func pause(seconds: Double)
}
