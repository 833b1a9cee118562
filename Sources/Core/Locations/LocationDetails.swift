import Foundation

/// What the user tags a place with: where, when, and how they describe it.
///
/// A new location is inserted from its details alone, so it starts without a photo: a photo ID
/// is only ever set by ``LocationPhotos`` after it allocated one.
///
/// ```swift
/// let details = LocationDetails(latitude: 52.37, longitude: 4.89, date: clock.now,
///                               locationDescription: "Canal house", category: "Landmark")
/// let location = try store.insert(details)
/// ```
public struct LocationDetails: Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// When the location was tagged.
    public var date: Date
    public var locationDescription: String
    public var category: String
    /// The reverse-geocoded address as one line of text, when there was one.
    public var placemark: String?

    public init(latitude: Double, longitude: Double, date: Date, locationDescription: String, category: String,
                placemark: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.date = date
        self.locationDescription = locationDescription
        self.category = category
        self.placemark = placemark
    }
}
