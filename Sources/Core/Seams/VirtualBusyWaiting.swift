/// A waiter whose time is virtual: each pause moves it forward at once, without sleeping.
///
/// With it a lock held elsewhere fails after its bound without any real waiting, which is what
/// a deterministic simulation and its tests want. ``pauseCount`` tells how many times something
/// waited, and `onPause` runs at each pause, so a test can let the holder of a lock finish in
/// between (commit another connection) at a chosen attempt.
///
/// ```swift
/// let waiting = VirtualBusyWaiting()
/// waiting.pause(seconds: 0.5)
/// waiting.monotonicSeconds // 0.5
/// waiting.pauseCount       // 1
/// ```
public final class VirtualBusyWaiting: BusyWaiting {
    public private(set) var monotonicSeconds: Double = 0
    /// How many times a waiter paused before trying again.
    public private(set) var pauseCount = 0
    private let onPause: ((_ pauseNumber: Int) -> Void)?

    /// - Parameter onPause: runs after each pause with its number (1 for the first).
    public init(onPause: ((_ pauseNumber: Int) -> Void)? = nil) {
        self.onPause = onPause
    }

    public func pause(seconds: Double) {
        precondition(seconds > 0, "a pause moves time forward")
        monotonicSeconds += seconds
        pauseCount += 1
        onPause?(pauseCount)
    }
}
