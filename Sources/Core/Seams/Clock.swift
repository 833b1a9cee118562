import Foundation

/// Where Core reads the time. Core never reads the system clock itself.
///
/// The command line passes a clock that reads the system time; the simulator passes a
/// ``ManualClock`` that only it advances, so the same seed gives the same timestamps.
///
/// ```swift
/// let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
/// clock.advance(bySeconds: 1.5)
/// ```
public protocol Clock: AnyObject {
    /// The current instant.
    var now: Date { get }
}

/// A clock that stands still until it is told to move. Never sleeps.
public final class ManualClock: Clock {
    public private(set) var now: Date

    public init(now: Date) {
        self.now = now
    }

    /// Moves time forward. Moving backwards is a programmer error and traps.
    public func advance(bySeconds seconds: Double) {
        precondition(seconds >= 0, "ManualClock cannot move backwards (asked for \(seconds) s)")
        now = now.addingTimeInterval(seconds)
    }
}
