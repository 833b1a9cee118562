/// A point in the world's virtual time: whole nanoseconds since the world's epoch.
///
/// Integer nanoseconds, so a million steps of 1 ms land exactly on 1000 s; no floating point is
/// involved until a ``VirtualDateClock`` turns an instant into a `Date` for Core.
///
/// ```swift
/// let start = VirtualInstant.epoch
/// let later = start.advanced(by: .milliseconds(250))
/// later.nanosecondsSinceEpoch  // 250_000_000
/// start.duration(to: later)    // .milliseconds(250)
/// ```
public struct VirtualInstant: InstantProtocol, Sendable, CustomStringConvertible {
    public typealias Duration = Swift.Duration

    /// Nanoseconds since the world's epoch (negative only for arithmetic before it).
    public let nanosecondsSinceEpoch: Int64

    public init(nanosecondsSinceEpoch: Int64) {
        self.nanosecondsSinceEpoch = nanosecondsSinceEpoch
    }

    /// The instant the world starts at.
    public static let epoch = VirtualInstant(nanosecondsSinceEpoch: 0)

    /// The instant `duration` later. Parts of a nanosecond are dropped; overflow traps.
    public func advanced(by duration: Duration) -> VirtualInstant {
        VirtualInstant(nanosecondsSinceEpoch: nanosecondsSinceEpoch + duration.wholeNanoseconds)
    }

    /// The (exact) duration from this instant to `other`.
    public func duration(to other: VirtualInstant) -> Duration {
        .nanoseconds(other.nanosecondsSinceEpoch - nanosecondsSinceEpoch)
    }

    public static func < (left: VirtualInstant, right: VirtualInstant) -> Bool {
        left.nanosecondsSinceEpoch < right.nanosecondsSinceEpoch
    }

    /// Seconds with all nine decimals, e.g. `1.250000000`.
    public var description: String {
        secondsText(minimumWholeDigits: 1)
    }

    /// Seconds with nine decimals, the whole part padded with spaces to `minimumWholeDigits`.
    func secondsText(minimumWholeDigits: Int) -> String {
        let magnitude = nanosecondsSinceEpoch.magnitude
        let whole = String(magnitude / 1_000_000_000)
        let fraction = String(magnitude % 1_000_000_000)
        let signed = (nanosecondsSinceEpoch < 0 ? "-" : "") + whole
        let padding = String(repeating: " ", count: max(0, minimumWholeDigits - signed.count))
        return padding + signed + "." + String(repeating: "0", count: 9 - fraction.count) + fraction
    }
}

extension Duration {
    /// The duration in whole nanoseconds (parts of a nanosecond are dropped). Overflow traps.
    var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        precondition(!overflow, "a duration of \(seconds) s does not fit in Int64 nanoseconds")
        return scaled + attoseconds / 1_000_000_000
    }
}
