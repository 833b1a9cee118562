import Foundation
import Platform

/// A device's simulated location, as `simctl location <device> set <latitude>,<longitude>` sets it.
public struct SimulatedLocation: Codable, Equatable, Sendable {
    /// Degrees north, -90...90.
    public let latitude: Double
    /// Degrees east, -180...180.
    public let longitude: Double

    /// A checked location: finite and in range.
    public init(latitude: Double, longitude: Double) throws(LocationError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard longitude.isFinite, (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Reads `<latitude>,<longitude>` in decimal degrees (`37.3349,-122.009`; spaces around
    /// either number are allowed), as Xcode 14's `simctl location set` takes it.
    public init(parsing text: String) throws(LocationError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = SimulatedLocation.degrees(parts[0]), let longitude = SimulatedLocation.degrees(parts[1]) else {
            throw .malformed(text)
        }
        try self.init(latitude: latitude, longitude: longitude)
    }

    /// Where Core Location puts the device.
    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }

    /// A decimal number: digits, an optional sign and point; no `nan`, `inf` or exponents.
    private static func degrees(_ text: String) -> Double? {
        let allowed = text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "+" }
        guard !text.isEmpty, allowed else { return nil }
        return Double(text)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(latitude: try container.decode(Double.self, forKey: .latitude),
                          longitude: try container.decode(Double.self, forKey: .longitude))
        } catch let error as LocationError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }
}
