/// The number of a location's photo; the file is `Documents/Photo-<id>.jpg`.
///
/// Always positive: 0 is not a photo ID, so a location cannot end up pointing at `Photo-0.jpg`
/// because an unset number defaulted to zero. "No photo" is `PhotoID?.none`. At most
/// 2,147,483,647: the seed's model declares `photoID` an Integer 32, so the next ID after that
/// is an error, never `Photo-2147483648.jpg`.
///
/// ```swift
/// let id = PhotoID(rawValue: 7)!   // Photo-7.jpg
/// PhotoID(rawValue: 0)             // nil
/// ```
public struct PhotoID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    /// The largest ID the model's Integer 32 attribute holds.
    public static let largest = Int(Int32.max)

    /// Wraps a stored number; `nil` for 0, negative numbers and numbers past ``largest``.
    public init?(rawValue: Int) {
        guard rawValue > 0, rawValue <= Self.largest else { return nil }
        self.rawValue = rawValue
    }

    /// The photo's file name in the app's Documents folder.
    public var fileName: String { "Photo-\(rawValue).jpg" }

    public var description: String { String(rawValue) }

    public static func < (left: PhotoID, right: PhotoID) -> Bool { left.rawValue < right.rawValue }
}
