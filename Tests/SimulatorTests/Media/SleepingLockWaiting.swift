import Foundation
import Simulator

/// A lock waiter that really waits, for tests where two threads take turns at one lock: the
/// simulator's default waiter has virtual time, so a lock held by another thread would time out
/// at once instead of being waited for.
///
/// Each pause sleeps at most ``longestSleepSeconds`` but moves the clock by the whole pause asked
/// for (the ``LockWaiting`` contract), so the turns come quickly and a bound still ends the wait.
final class SleepingLockWaiting: LockWaiting {
    static let longestSleepSeconds = 0.000_2
    private let start = ContinuousClock.now
    private var creditedSeconds = 0.0

    var monotonicSeconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18 + creditedSeconds
    }

    func pause(seconds: Double) {
        let sleep = min(seconds, Self.longestSleepSeconds)
        Thread.sleep(forTimeInterval: sleep)
        creditedSeconds += seconds - sleep
    }
}
