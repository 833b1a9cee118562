import Core
import Foundation

/// The live clock: reads the system time. Only executables use it; Core and Simulator take a
/// ``Core/Clock`` that is passed in.
public final class SystemClock: Clock {
    public init() {}
    public var now: Date { Date() }
}
