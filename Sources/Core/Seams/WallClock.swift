import Foundation

/// Where Core reads the wall-clock time (a `Date`). Core never reads the system clock itself.
///
/// Named apart from the standard library's `Clock` (instants and sleeping), which it is not: it
/// only answers "what date is it now". The command line passes a clock that reads the system
/// time; tests and the simulator pass a ``ManualClock`` (or the world's `VirtualDateClock`) that
/// only they advance, so the same seed gives the same timestamps.
///
/// ```swift
/// let clock: WallClock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
/// let stamped = clock.now
/// ```
public protocol WallClock: AnyObject {
    /// The current instant.
    var now: Date { get }
}
