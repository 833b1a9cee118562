import Core
import Foundation

/// How the media library stores Core's ``Core/AssetIdentifier``.
///
/// The database keeps the bare UUID in `ZUUID`; the identifier apps see adds the `/L0/001`
/// suffix, as Photos does for an asset's first (and here only) resource.
extension AssetIdentifier {
    /// Parses an identifier an app or a user gave; `nil` for anything that is not one (an
    /// identifier the library does not have, not a crash). Matching is exact, as for `PHAsset`.
    init?(localIdentifier: String) {
        self.init(rawValue: localIdentifier)
    }

    /// Wraps a stored `ZUUID`; `nil` when it is not a UUID.
    init?(storedUUID: String) {
        guard let uuid = UUID(uuidString: storedUUID) else { return nil }
        self.init(uuid: uuid)
    }

    /// The text stored in `ZUUID`: the upper-case UUID.
    var uuidString: String { uuid.uuidString }

    /// The identifier as apps see it.
    var localIdentifier: String { rawValue }
}
