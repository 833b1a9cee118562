// `import CoreLocation` brings Foundation with it, as Apple's does.
@_exported import Foundation

/// Apple: `CLLocationDegrees` (CLLocation.h: `typedef double`).
public typealias CLLocationDegrees = Double
/// Apple: `CLLocationDistance`, in meters.
public typealias CLLocationDistance = Double
/// Apple: `CLLocationAccuracy`, in meters; negative means invalid.
public typealias CLLocationAccuracy = Double
/// Apple: `CLLocationSpeed`, in meters per second; negative means invalid.
public typealias CLLocationSpeed = Double
/// Apple: `CLLocationDirection`, in degrees from true north; negative means invalid.
public typealias CLLocationDirection = Double

/// A latitude and longitude in degrees, WGS 84 (Apple: Core Location › CLLocationCoordinate2D).
public struct CLLocationCoordinate2D: Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees

    /// Latitude and longitude 0.
    public init() {
        self.init(latitude: 0, longitude: 0)
    }

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Whether the coordinate is within -90…90 latitude and -180…180 longitude (Apple:
/// `CLLocationCoordinate2DIsValid`).
public func CLLocationCoordinate2DIsValid(_ coord: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coord.latitude) && (-180...180).contains(coord.longitude)
}

/// A position and when it was measured (Apple: Core Location › CLLocation): the place a library
/// photo was taken, from its EXIF GPS tags (`PHAsset.location`), or where the device is
/// (``CLLocationManager``).
open class CLLocation: NSObject, @unchecked Sendable {
    public let coordinate: CLLocationCoordinate2D
    public let altitude: CLLocationDistance
    public let horizontalAccuracy: CLLocationAccuracy
    public let verticalAccuracy: CLLocationAccuracy
    public let timestamp: Date

    /// A position with no altitude: altitude 0 with a vertical accuracy of -1 (invalid), a
    /// horizontal accuracy of 0, timestamped now (the world's clock in an app process).
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
                  horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date())
    }

    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                verticalAccuracy vAccuracy: CLLocationAccuracy, timestamp: Date) {
        self.coordinate = coordinate
        self.altitude = altitude
        horizontalAccuracy = hAccuracy
        verticalAccuracy = vAccuracy
        self.timestamp = timestamp
        super.init()
    }
}
