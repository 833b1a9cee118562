import Foundation

/// A ``WallClock`` that stands still until it is told to move. Never sleeps.
///
/// The time is kept as whole nanoseconds since 1970, and moving it adds integers, so a million
/// steps of a millisecond land exactly a thousand seconds later; the only floating-point step is
/// building the `Date` that ``now`` returns. It covers the dates a signed 64-bit count of
/// nanoseconds does: 1677-09-21 to 2262-04-11.
///
/// ```swift
/// let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
/// clock.advance(by: .milliseconds(1))
/// clock.advance(bySeconds: 1.5)
/// ```
public final class ManualClock: WallClock {
    /// The current time in whole nanoseconds since 1970-01-01 00:00:00 UTC.
    public private(set) var nanosecondsSince1970: Int64

    /// A clock standing at `now`, rounded to the nearest nanosecond; ``now`` gives the same
    /// `Date` back. A date outside the range above is a programmer error and traps.
    public init(now: Date) {
        // From the reference date, which `Date` counts from, so the only rounding is to the
        // nanosecond; going through `timeIntervalSince1970` would round a second time.
        let nanoseconds = (now.timeIntervalSinceReferenceDate * Self.nanosecondsPerSecondAsDouble).rounded()
        let limit = 9.2e18 - Double(Self.referenceDateNanosecondsSince1970)
        precondition(nanoseconds.isFinite && nanoseconds > -limit && nanoseconds < limit,
                     "ManualClock keeps nanoseconds since 1970 in 64 bits; \(now) is too far from 1970")
        nanosecondsSince1970 = Int64(nanoseconds) + Self.referenceDateNanosecondsSince1970
    }

    /// A clock standing at `nanosecondsSince1970`.
    public init(nanosecondsSince1970: Int64) {
        self.nanosecondsSince1970 = nanosecondsSince1970
    }

    /// The current instant, built from the integer time in one step.
    public var now: Date {
        let sinceReferenceDate = nanosecondsSince1970 - Self.referenceDateNanosecondsSince1970
        let (seconds, nanoseconds) = sinceReferenceDate.quotientAndRemainder(dividingBy: Self.nanosecondsPerSecond)
        return Date(timeIntervalSinceReferenceDate: Double(seconds) + Double(nanoseconds) / Self.nanosecondsPerSecondAsDouble)
    }

    /// Moves time forward by `duration`, exactly (parts of a nanosecond are dropped). Moving
    /// backwards, or past 2262, is a programmer error and traps.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "ManualClock cannot move backwards (asked for \(duration))")
        let (seconds, attoseconds) = duration.components
        let (wholeSeconds, overflow) = seconds.multipliedReportingOverflow(by: Self.nanosecondsPerSecond)
        let (total, later) = nanosecondsSince1970.addingReportingOverflow(wholeSeconds &+ attoseconds / 1_000_000_000)
        precondition(!overflow && !later, "ManualClock cannot move \(duration) past 2262")
        nanosecondsSince1970 = total
    }

    /// Moves time forward by `seconds`, rounded to the nearest nanosecond; built on
    /// ``advance(by:)``, so steps such as 0.001 s do not accumulate error.
    public func advance(bySeconds seconds: Double) {
        precondition(seconds >= 0, "ManualClock cannot move backwards (asked for \(seconds) s)")
        let nanoseconds = (seconds * Self.nanosecondsPerSecondAsDouble).rounded()
        precondition(nanoseconds < 9.2e18, "ManualClock cannot move \(seconds) s at once")
        advance(by: .nanoseconds(Int64(nanoseconds)))
    }

    private static let nanosecondsPerSecond: Int64 = 1_000_000_000
    private static let nanosecondsPerSecondAsDouble = 1_000_000_000.0
    /// 2001-01-01 00:00:00 UTC, Foundation's reference date, in nanoseconds since 1970.
    private static let referenceDateNanosecondsSince1970: Int64 = 978_307_200 * 1_000_000_000
}
