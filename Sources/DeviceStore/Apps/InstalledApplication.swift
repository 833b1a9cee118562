import Core
import Platform

/// An installed app as `simctl listapps` and `get_app_container` report it: its paths and the
/// `Info.plist` read from its bundle.
public struct InstalledApplication: Sendable, Equatable {
    public let bundleIdentifier: BundleIdentifier
    /// The `.app` folder.
    public let bundlePath: String
    /// The folder holding the `.app` folder.
    public let bundleContainerPath: String
    /// The app's home folder (`Documents`, `Library`, `tmp`).
    public let dataContainerPath: String
    /// The bundle's `Info.plist` dictionary, as read from disk.
    public let infoPlist: [String: PropertyListValue]

    public init(bundleIdentifier: BundleIdentifier, bundlePath: String, bundleContainerPath: String,
                dataContainerPath: String, infoPlist: [String: PropertyListValue]) {
        self.bundleIdentifier = bundleIdentifier
        self.bundlePath = bundlePath
        self.bundleContainerPath = bundleContainerPath
        self.dataContainerPath = dataContainerPath
        self.infoPlist = infoPlist
    }

    /// Whether the app declares `NSCameraUsageDescription` (without it, touching the camera
    /// terminates the app).
    public var declaresCameraUsage: Bool { infoPlist[UsageDescriptionKey.camera.rawValue]?.string != nil }
}
