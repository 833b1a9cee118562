/// The facts about the device an app may ask for.
public struct DeviceTraits: Equatable, Sendable {
    /// `UIUserInterfaceIdiom`: phone or pad.
    public enum Idiom: String, Sendable {
        case phone
        case pad
    }

    /// The device type's name (`iPhone 15`).
    public var modelName: String
    public var idiom: Idiom
    /// Whether a rear camera exists (`isSourceTypeAvailable(.camera)`).
    public var hasCamera: Bool
    /// Pixels per point (2 or 3).
    public var screenScale: Int
    /// The screen in points (`UIScreen.main.bounds.size`, portrait).
    public var screenWidthPoints: Int
    public var screenHeightPoints: Int
    /// The system version (`17.0`).
    public var systemVersion: String
    /// Where the device is, as Core Location would report it.
    public var location: Coordinate

    public init(modelName: String, idiom: Idiom, hasCamera: Bool, screenScale: Int, screenWidthPoints: Int, screenHeightPoints: Int,
                systemVersion: String, location: Coordinate) {
        self.modelName = modelName
        self.idiom = idiom
        self.hasCamera = hasCamera
        self.screenScale = screenScale
        self.screenWidthPoints = screenWidthPoints
        self.screenHeightPoints = screenHeightPoints
        self.systemVersion = systemVersion
        self.location = location
    }
}

/// A latitude and longitude in degrees.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public var description: String { "\(latitude), \(longitude)" }
}
