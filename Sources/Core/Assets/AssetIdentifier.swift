import Foundation

/// A photo library asset's `localIdentifier`: `<UUID>/L0/001`, e.g.
/// `"6E5438ED-9A8C-4ED0-9DEA-AB2D8F8A9360/L0/001"`.
///
/// Storing this instead of the photo's bytes keeps one copy of the picture, in the library;
/// the identifier finds it again in a later session (or tells that it was deleted).
public struct AssetIdentifier: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Validates the form `<upper-case UUID>/L<digit>/<three digits>`; `nil` otherwise.
    public init?(rawValue: String) {
        let parts = rawValue.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let uuid = UUID(uuidString: String(parts[0])), uuid.uuidString == parts[0],
              parts[1].count == 2, parts[1].first == "L", parts[1].last?.isASCIIDigit == true,
              parts[2].count == 3, parts[2].allSatisfy(\.isASCIIDigit) else { return nil }
        self.rawValue = rawValue
    }

    /// The identifier the library gives an asset whose UUID is `uuid` (`<UUID>/L0/001`).
    public init(uuid: UUID) {
        self.rawValue = "\(uuid.uuidString)/L0/001"
    }

    /// The UUID part.
    public var uuid: UUID { UUID(uuidString: String(rawValue.prefix(36)))! }

    public var description: String { rawValue }

    public static func < (left: AssetIdentifier, right: AssetIdentifier) -> Bool { left.rawValue < right.rawValue }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
