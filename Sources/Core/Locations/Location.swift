/// A location as stored: its details plus the identity, photo and version the store keeps.
///
/// Only a ``LocationStore`` makes these. Edit ``details`` (or its fields directly, as
/// `location.category = "Bar"`) and pass the value to ``LocationStore/update(_:)``; the photo ID
/// changes only through ``LocationPhotos``.
@dynamicMemberLookup
public struct Location: Equatable, Sendable {
    /// The row's primary key.
    public let id: LocationID
    /// What the user entered.
    public var details: LocationDetails
    /// The photo `Documents/Photo-<id>.jpg`, or `nil` when the location has none.
    public internal(set) var photoID: PhotoID?
    /// `Z_OPT`: 1 when inserted, one more on each update. An update from a value whose version
    /// is no longer the stored one fails with ``LocationStoreError/conflict(_:expectedVersion:storedVersion:)``.
    public let version: Int64

    init(id: LocationID, details: LocationDetails, photoID: PhotoID?, version: Int64) {
        self.id = id
        self.details = details
        self.photoID = photoID
        self.version = version
    }

    /// Whether a photo belongs to this location.
    public var hasPhoto: Bool { photoID != nil }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<LocationDetails, Value>) -> Value {
        get { details[keyPath: keyPath] }
        set { details[keyPath: keyPath] = newValue }
    }
}
