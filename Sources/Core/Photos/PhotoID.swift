/// The number of a location's photo; the file is `Documents/Photo-<id>.jpg`.
///
/// Always positive: 0 is not a photo ID, so a location cannot end up pointing at `Photo-0.jpg`
/// because an unset number defaulted to zero. "No photo" is `PhotoID?.none`.
///
/// ```swift
/// let id = PhotoID(rawValue: 7)!   // Photo-7.jpg
/// PhotoID(rawValue: 0)             // nil
/// ```
public struct PhotoID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    /// Wraps a stored number; `nil` for 0 and negative numbers.
    public init?(rawValue: Int) {
        guard rawValue > 0 else { return nil }
        self.rawValue = rawValue
    }

    /// The photo's file name in the app's Documents folder.
    public var fileName: String { "Photo-\(rawValue).jpg" }

    public var description: String { String(rawValue) }

    public static func < (left: PhotoID, right: PhotoID) -> Bool { left.rawValue < right.rawValue }
}
