import Foundation

/// A saved image's ID: seconds since 1970 from the injected clock, as the seed app stamps them.
///
/// Two saves at the same instant must not collide, so an ID is always strictly greater than the
/// newest ID already stored: `max(now, newest + 0.001)`. A save in the same millisecond as the
/// previous one (or after the clock went backwards) is stamped one millisecond after it, which
/// keeps IDs unique and keeps "newest" meaning "saved last".
public struct PhotoRecordID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let secondsSince1970: Double

    public init(secondsSince1970: Double) {
        precondition(secondsSince1970.isFinite, "a record ID must be a finite number of seconds")
        self.secondsSince1970 = secondsSince1970
    }

    /// The ID for a save at `now` when `newest` is the newest ID stored (if any).
    public static func next(now: Date, after newest: PhotoRecordID?) -> PhotoRecordID {
        let candidate = now.timeIntervalSince1970
        guard let newest, candidate < newest.secondsSince1970 + minimumStepSeconds else {
            return PhotoRecordID(secondsSince1970: candidate)
        }
        return PhotoRecordID(secondsSince1970: newest.secondsSince1970 + minimumStepSeconds)
    }

    /// The smallest gap between two IDs.
    public static let minimumStepSeconds = 0.001

    public static func < (left: PhotoRecordID, right: PhotoRecordID) -> Bool {
        left.secondsSince1970 < right.secondsSince1970
    }

    public var description: String { String(format: "%.3f", secondsSince1970) }
}
