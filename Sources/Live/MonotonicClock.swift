#if canImport(Glibc)
import Glibc
#endif

/// The live monotonic clock (`CLOCK_MONOTONIC`) for host durations, such as a scenario run's
/// wall-clock time. Only executables use it.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point; never goes back.
    @Sendable public static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
