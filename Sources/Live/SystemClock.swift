import Core
import Foundation

/// The live clock: reads the system time. Only executables use it; Core and Simulator take a
/// ``Core/WallClock`` that is passed in.
public final class SystemClock: WallClock {
    public init() {}
    public var now: Date { Date() }
}
