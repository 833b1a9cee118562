import Core

/// An app installed on every new device, standing in for the team's own app.
///
/// Two are standard:
/// - `com.photosim.MyLocations` declares `NSCameraUsageDescription` and
///   `NSPhotoLibraryUsageDescription`: it may use the camera and the photo library.
/// - `com.photosim.TagSnap` declares only the photo-library descriptions; when it touches the
///   camera, iOS terminates it for accessing privacy-sensitive data without a usage description.
public struct ReferenceApp: Sendable, Equatable {
    public let bundleIdentifier: BundleIdentifier
    /// `CFBundleName` and `CFBundleExecutable`.
    public let bundleName: String
    public let displayName: String
    public let bundleVersion: String
    public let shortVersion: String
    /// Usage-description keys (`NSCameraUsageDescription`, ...) and their texts.
    public let usageDescriptions: [String: String]

    public init(bundleIdentifier: BundleIdentifier, bundleName: String, displayName: String,
                bundleVersion: String, shortVersion: String, usageDescriptions: [String: String]) {
        self.bundleIdentifier = bundleIdentifier
        self.bundleName = bundleName
        self.displayName = displayName
        self.bundleVersion = bundleVersion
        self.shortVersion = shortVersion
        self.usageDescriptions = usageDescriptions
    }

    /// The `.app` folder name.
    public var bundleFolderName: String { bundleName + ".app" }

    /// The app's `Info.plist` dictionary, with the keys Xcode writes for an iOS app.
    public var infoPlist: [String: PropertyListValue] {
        var entries: [String: PropertyListValue] = [
            "CFBundleIdentifier": .string(bundleIdentifier.rawValue),
            "CFBundleName": .string(bundleName),
            "CFBundleDisplayName": .string(displayName),
            "CFBundleExecutable": .string(bundleName),
            "CFBundleVersion": .string(bundleVersion),
            "CFBundleShortVersionString": .string(shortVersion),
            "CFBundlePackageType": "APPL",
            "CFBundleInfoDictionaryVersion": "6.0",
            "MinimumOSVersion": "16.0",
            "UIDeviceFamily": .array([1, 2]),
        ]
        for (key, text) in usageDescriptions { entries[key] = .string(text) }
        return entries
    }

    /// The apps every new device gets, sorted by bundle identifier.
    public static var standard: [ReferenceApp] {
        [
            ReferenceApp(
                bundleIdentifier: BundleIdentifier("com.photosim.MyLocations")!, bundleName: "MyLocations",
                displayName: "My Locations", bundleVersion: "1", shortVersion: "1.0",
                usageDescriptions: [
                    "NSCameraUsageDescription": "My Locations takes photos of the places you tag.",
                    "NSPhotoLibraryUsageDescription": "My Locations attaches photos from your library to places.",
                    "NSPhotoLibraryAddUsageDescription": "My Locations saves the photos you take to your library.",
                ]),
            ReferenceApp(
                bundleIdentifier: BundleIdentifier("com.photosim.TagSnap")!, bundleName: "TagSnap",
                displayName: "TagSnap", bundleVersion: "1", shortVersion: "1.0",
                usageDescriptions: [
                    "NSPhotoLibraryUsageDescription": "TagSnap tags the photos in your library.",
                ]),
        ]
    }
}
