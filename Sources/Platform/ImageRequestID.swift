/// `PHImageRequestID`: positive for a request made; ``invalid`` (`PHInvalidImageRequestID`, 0) otherwise.
public struct ImageRequestID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `PHInvalidImageRequestID` (IOS-FACTS §5).
    public static let invalid = ImageRequestID(rawValue: 0)

    public var description: String { "#\(rawValue)" }
}
