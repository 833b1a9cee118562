#if canImport(Glibc)
import Glibc
#endif
import Simulator

/// The live lock waiter: `CLOCK_MONOTONIC` for elapsed time, `nanosleep` for the pauses. Only
/// executables use it; Core and the simulator take a ``Core/BusyWaiting`` (the simulator calls it
/// ``DeviceStore/LockWaiting``) that is passed in, for their locks and for SQLite's busy handler.
public final class MonotonicLockWaiting: LockWaiting {
    public init() {}

    public var monotonicSeconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
    }

    public func pause(seconds: Double) {
        let whole = seconds.rounded(.down)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
