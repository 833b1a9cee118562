import Foundation

/// The unique identifier of one simulated device, in CoreSimulator's upper-case UUID form.
///
/// Apple's `simctl` prints UDIDs upper-case (`F775F87A-1FCA-4662-AE01-BB0C0BCEC5CC`) and accepts
/// them in any case; so do we: parsing upper-cases, printing never changes case again.
///
/// ```swift
/// let udid = DeviceUDID("f775f87a-1fca-4662-ae01-bb0c0bcec5cc")!
/// print(udid) // F775F87A-1FCA-4662-AE01-BB0C0BCEC5CC
/// ```
public struct DeviceUDID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The canonical upper-case text.
    public let rawValue: String

    /// Parses a UUID in any case; `nil` when the text is not a UUID.
    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        self.rawValue = uuid.uuidString.uppercased()
    }

    /// Wraps a freshly drawn UUID.
    public init(uuid: UUID) {
        self.rawValue = uuid.uuidString.uppercased()
    }

    public var description: String { rawValue }

    public static func < (left: DeviceUDID, right: DeviceUDID) -> Bool { left.rawValue < right.rawValue }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let udid = DeviceUDID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a UDID: \(text)"))
        }
        self = udid
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
