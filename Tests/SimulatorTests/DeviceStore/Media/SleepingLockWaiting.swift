import Foundation
import Simulator

/// A lock waiter that really waits, for tests where two threads take turns at one lock: the
/// simulator's default waiter has virtual time, so a lock held by another thread would time out
/// at once instead of being waited for.
///
/// Its clock is the host's monotonic clock and each pause sleeps the whole pause asked for (the
/// ``LockWaiting`` contract), so a bound is real time: a thread starved by a loaded machine is
/// waited for, not timed out while it holds the lock.
final class SleepingLockWaiting: LockWaiting {
    private let start = ContinuousClock.now

    var monotonicSeconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    func pause(seconds: Double) {
        Thread.sleep(forTimeInterval: seconds)
    }
}
