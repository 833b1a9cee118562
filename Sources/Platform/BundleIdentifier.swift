/// An app's bundle identifier (`com.photosim.MyLocations`): `CFBundleIdentifier`, as apps are
/// named to `simctl`, to scenarios (`appId`) and to the files iOS keeps for them.
///
/// ```swift
/// let identifier = BundleIdentifier(rawValue: text)        // nil for "", "com/evil", "a b"
/// let literal: BundleIdentifier = "com.example.Snaps"      // a literal that is not one traps
/// ```
public struct BundleIdentifier: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
                                ExpressibleByStringLiteral {
    public let rawValue: String

    /// Wraps the text; `nil` when it is empty or has characters a bundle identifier cannot
    /// (Apple allows letters, digits, `-` and `.`).
    public init?(rawValue text: String) {
        let allowed = text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ".")
        }
        guard !text.isEmpty, allowed else { return nil }
        self.rawValue = text
    }

    /// A literal in code: one that is not a bundle identifier is a programmer error (traps).
    public init(stringLiteral text: String) {
        guard let identifier = BundleIdentifier(rawValue: text) else { preconditionFailure("not a bundle identifier: \(text)") }
        self = identifier
    }

    public var description: String { rawValue }

    public static func < (left: BundleIdentifier, right: BundleIdentifier) -> Bool { left.rawValue < right.rawValue }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let identifier = BundleIdentifier(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a bundle identifier: \(text)"))
        }
        self = identifier
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
