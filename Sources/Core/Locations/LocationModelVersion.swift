/// The versions of the data model the location store has had.
///
/// The store records the version that wrote it in its metadata plist (key
/// `NSStoreModelVersionIdentifiers`, as Core Data does). Opening an older store migrates it;
/// opening a store written by a newer model fails.
public enum LocationModelVersion: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// Locations without photos.
    case v1 = 1
    /// Adds the optional photo ID (`ZPHOTOID`).
    case v2 = 2

    /// The version this code writes.
    public static let current = LocationModelVersion.v2

    /// The identifier stored in the metadata, e.g. `"Locations v2"`.
    public var identifier: String { "\(Self.identifierPrefix)\(rawValue)" }

    /// Whether rows carry a photo ID.
    public var hasPhotoID: Bool { self >= .v2 }

    public var description: String { identifier }

    /// The version number an identifier names, known or not (`"Locations v7"` gives 7).
    public static func number(fromIdentifier identifier: String) -> Int? {
        guard identifier.hasPrefix(identifierPrefix) else { return nil }
        return Int(identifier.dropFirst(identifierPrefix.count))
    }

    public static func < (left: LocationModelVersion, right: LocationModelVersion) -> Bool {
        left.rawValue < right.rawValue
    }

    private static let identifierPrefix = "Locations v"
}
