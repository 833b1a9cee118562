/// The key an image is stored under: an item's UUID string, as LootLogger's items carry.
///
/// Used as a file name in Documents, so it must be one safe path component.
public struct ImageKey: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// `nil` when `rawValue` is empty, longer than 255 bytes, starts with a dot, or contains a
    /// `/` or a NUL: none of these can be a single file name in Documents.
    public init?(_ rawValue: String) {
        guard !rawValue.isEmpty, rawValue.utf8.count <= 255, !rawValue.hasPrefix("."),
              !rawValue.contains("/"), !rawValue.contains("\0") else { return nil }
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}
