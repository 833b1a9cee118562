import Core
import Foundation

/// Core's `WallClock` seam on the world's virtual time: `epochDate` plus the virtual nanoseconds.
///
/// The epoch is kept as integer nanoseconds since 2001-01-01 (Foundation's reference date) and
/// the sum is made in integers; the only floating-point step is building the final `Date`, so no
/// error accumulates however often time moves.
///
/// ```swift
/// let world = World(seed: 1)
/// let dates = VirtualDateClock(clock: world.clock, epochDate: Date(timeIntervalSince1970: 1_714_566_896))
/// let store = try LocationStore.open(containerPath: path, fileSystem: disk, random: world.streams.stream("store"))
/// // ... Core reads `dates.now` wherever it stamps a row
/// ```
public final class VirtualDateClock: Core.WallClock {
    /// The virtual clock this one reads.
    public let clock: VirtualClock
    /// The wall time of the world's epoch, in whole nanoseconds since 2001-01-01 00:00:00 UTC.
    public let epochNanosecondsSinceReferenceDate: Int64

    /// A clock at which the world's epoch is `epochDate` (rounded to the nearest nanosecond).
    public init(clock: VirtualClock, epochDate: Date) {
        self.clock = clock
        let nanoseconds = (epochDate.timeIntervalSinceReferenceDate * 1_000_000_000).rounded()
        precondition(abs(nanoseconds) < 9.2e18, "epoch date \(epochDate) is too far from 2001 for nanoseconds")
        self.epochNanosecondsSinceReferenceDate = Int64(nanoseconds)
    }

    /// The wall-clock date of the world's current virtual instant.
    public var now: Date {
        date(of: clock.now)
    }

    /// The wall-clock date of `instant`.
    public func date(of instant: VirtualInstant) -> Date {
        let total = epochNanosecondsSinceReferenceDate + instant.nanosecondsSinceEpoch
        let (seconds, nanoseconds) = total.quotientAndRemainder(dividingBy: 1_000_000_000)
        return Date(timeIntervalSinceReferenceDate: Double(seconds) + Double(nanoseconds) / 1_000_000_000)
    }
}
