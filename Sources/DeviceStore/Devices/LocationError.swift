/// Why `simctl location` refused a location or an action. Nothing was changed.
public enum LocationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not `<latitude>,<longitude>` in decimal degrees.
    case malformed(String)
    /// The latitude is outside -90...90.
    case latitudeOutOfRange(Double)
    /// The longitude is outside -180...180.
    case longitudeOutOfRange(Double)
    /// An action Apple's `simctl location` has that PhotoSim does not model (`list`, `run`, `start`).
    case notImplemented(action: String)
    /// No such action.
    case unknownAction(String)

    public var description: String {
        switch self {
        case .malformed(let text):
            return "Invalid location: \(text). Give <latitude>,<longitude> in decimal degrees, as 37.3349,-122.009."
        case .latitudeOutOfRange(let value):
            return "Invalid latitude: \(value). A latitude is from -90 to 90 degrees."
        case .longitudeOutOfRange(let value):
            return "Invalid longitude: \(value). A longitude is from -180 to 180 degrees."
        case .notImplemented(let action):
            return "location \(action) is not implemented by PhotoSim: use set <latitude>,<longitude> or clear."
        case .unknownAction(let action):
            return "Unknown location action: \(action). Use set <latitude>,<longitude> or clear."
        }
    }
}
