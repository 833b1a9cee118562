/// How a lock waits between attempts: the pause and the elapsed time, passed in so the
/// simulator itself never sleeps or reads a clock.
///
/// The command line passes a live implementation (a monotonic clock and `nanosleep`); tests pass
/// ``VirtualLockWaiting``, whose time moves only when it is asked to pause.
///
/// Contract: `monotonicSeconds` never decreases, and after `pause(seconds: s)` it has grown by at
/// least `s`, so a lock that waits for a bound always ends.
public protocol LockWaiting: AnyObject {
    /// Seconds on a clock that only moves forward (its origin is arbitrary).
    var monotonicSeconds: Double { get }
    /// Waits about `seconds` before the next attempt.
    func pause(seconds: Double)
}

/// A lock waiter whose time is virtual: each pause moves it forward at once, without sleeping.
///
/// With it a lock held elsewhere fails after its bound without any real waiting, which is what
/// a deterministic simulation and its tests want; ``pauseCount`` tells how many attempts waited.
///
/// ```swift
/// let waiting = VirtualLockWaiting()
/// waiting.pause(seconds: 0.5)
/// waiting.monotonicSeconds // 0.5
/// ```
public final class VirtualLockWaiting: LockWaiting {
    public private(set) var monotonicSeconds: Double = 0
    /// How many times a lock paused before trying again.
    public private(set) var pauseCount = 0

    public init() {}

    public func pause(seconds: Double) {
        precondition(seconds > 0, "a pause moves time forward")
        monotonicSeconds += seconds
        pauseCount += 1
    }
}
