import Foundation

/// A saved image's ID: the save's time from the injected clock, in whole milliseconds since 1970.
///
/// The seed app stamps records with seconds since 1970, and the store keeps them so (a REAL
/// column, ``secondsSince1970``); the ID itself is an integer count of milliseconds, so it is
/// exact, compares exactly and round-trips through its ``description`` (`"1700000000.123"`), which
/// is how a scenario or a person names a record.
///
/// Two saves in the same millisecond must not collide, so an ID is always strictly greater than
/// the newest ID already stored: `max(now, newest + 1 ms)`, in integers. A save in the same
/// millisecond as the previous one (or after the clock went backwards) is stamped one
/// millisecond after it, which keeps IDs unique and keeps "newest" meaning "saved last".
///
/// ```swift
/// let id = PhotoRecordID(millisecondsSince1970: 1_700_000_000_123)
/// id.description                                  // "1700000000.123"
/// PhotoRecordID("1700000000.123") == id           // true
/// ```
public struct PhotoRecordID: Hashable, Comparable, Sendable, LosslessStringConvertible {
    /// Milliseconds since 1970-01-01 00:00:00 UTC.
    public let millisecondsSince1970: Int64

    /// The IDs there can be: about 31,000 years either side of 1970, well inside the range in
    /// which seconds stored as a `Double` convert back to the same millisecond.
    public static let validMilliseconds: ClosedRange<Int64> = -1_000_000_000_000_000...1_000_000_000_000_000

    /// The smallest gap between two IDs.
    public static let minimumStepMilliseconds: Int64 = 1

    /// Wraps a count of milliseconds; one outside ``validMilliseconds`` is a programmer error and traps.
    public init(millisecondsSince1970: Int64) {
        precondition(Self.validMilliseconds.contains(millisecondsSince1970),
                     "a record ID is at most \(Self.validMilliseconds.upperBound) ms from 1970, got \(millisecondsSince1970)")
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The ID a store row holds, seconds since 1970 as a REAL, rounded to the nearest millisecond
    /// (rows written before IDs were whole milliseconds may lie between two); `nil` for a value
    /// that is not finite or lies outside ``validMilliseconds``.
    public init?(storedSeconds seconds: Double) {
        guard let milliseconds = Self.milliseconds(ofSeconds: seconds) else { return nil }
        self.init(millisecondsSince1970: milliseconds)
    }

    /// Reads what ``description`` writes: an optional `-`, whole seconds, `.` and exactly three
    /// digits of milliseconds (`"1700000000.123"`); `nil` for anything else.
    public init?(_ description: String) {
        var text = Substring(description)
        let isNegative = text.first == "-"
        if isNegative { text = text.dropFirst() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 3, !parts[0].isEmpty,
              (parts[0] + parts[1]).allSatisfy({ $0.isASCII && $0.isNumber }),
              let seconds = Int64(parts[0]), let fraction = Int64(parts[1]) else { return nil }
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        guard !overflow else { return nil }
        let magnitude = scaled + fraction
        let milliseconds = isNegative ? -magnitude : magnitude
        guard Self.validMilliseconds.contains(milliseconds) else { return nil }
        self.init(millisecondsSince1970: milliseconds)
    }

    /// Seconds since 1970, as the store keeps the ID.
    public var secondsSince1970: Double { Double(millisecondsSince1970) / 1_000 }

    /// The ID for a save at `now` (rounded to the nearest millisecond) when `newest` is the
    /// newest ID stored (if any): `now`, or `newest` + 1 ms when `now` is not later than `newest`.
    public static func next(now: Date, after newest: PhotoRecordID?) -> PhotoRecordID {
        guard let candidate = milliseconds(ofSeconds: now.timeIntervalSince1970) else {
            preconditionFailure("the clock's time \(now) is outside the dates a record ID can name")
        }
        guard let newest, candidate <= newest.millisecondsSince1970 else {
            return PhotoRecordID(millisecondsSince1970: candidate)
        }
        return PhotoRecordID(millisecondsSince1970: newest.millisecondsSince1970 + minimumStepMilliseconds)
    }

    public static func < (left: PhotoRecordID, right: PhotoRecordID) -> Bool {
        left.millisecondsSince1970 < right.millisecondsSince1970
    }

    /// Seconds since 1970 with exactly three decimals, made from the integer (`"1700000000.123"`,
    /// `"-0.001"`); ``init(_:)`` reads it back.
    public var description: String {
        let magnitude = millisecondsSince1970.magnitude
        let fraction = String(magnitude % 1_000)
        let sign = millisecondsSince1970 < 0 ? "-" : ""
        return "\(sign)\(magnitude / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `seconds` as whole milliseconds, rounded to the nearest; `nil` when outside ``validMilliseconds``.
    private static func milliseconds(ofSeconds seconds: Double) -> Int64? {
        let milliseconds = (seconds * 1_000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) <= Double(validMilliseconds.upperBound) else { return nil }
        return Int64(milliseconds)
    }
}
