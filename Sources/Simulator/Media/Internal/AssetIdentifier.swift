import Foundation

/// The UUID behind a `PHAsset.localIdentifier` (`<UUID>/L0/001`).
///
/// The database stores the bare UUID in `ZUUID`; the identifier apps see adds the `/L0/001`
/// suffix, as Photos does for an asset's first (and here only) resource.
struct AssetIdentifier: Hashable, Sendable {
    /// Uppercase UUID text, as `UUID.uuidString` writes it.
    let uuidString: String

    static let suffix = "/L0/001"

    init(uuid: UUID) {
        self.uuidString = uuid.uuidString.uppercased()
    }

    /// Parses `<UUID>/L0/001` with an uppercase UUID; `nil` for anything else (an identifier
    /// the library does not have, not a crash). Matching is exact, as for `PHAsset`.
    init?(localIdentifier: String) {
        guard localIdentifier.hasSuffix(Self.suffix) else { return nil }
        let text = String(localIdentifier.dropLast(Self.suffix.count))
        guard let uuid = UUID(uuidString: text), uuid.uuidString == text else { return nil }
        self.init(uuid: uuid)
    }

    /// Wraps a stored `ZUUID`; `nil` when it is not a UUID.
    init?(storedUUID: String) {
        guard let uuid = UUID(uuidString: storedUUID) else { return nil }
        self.init(uuid: uuid)
    }

    var localIdentifier: String { uuidString + Self.suffix }
}
