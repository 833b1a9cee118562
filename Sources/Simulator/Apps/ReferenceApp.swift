import Core
import Platform

/// An app installed on every new device: the four reference apps (SCENARIOS.md), whose code
/// lives in `Apps` and runs in the app host.
///
/// Simulator cannot see the apps' `AppDefinition`s (Apps depends on Platform only), so this table
/// repeats each one's bundle identifier, display name and Info.plist usage texts; a runtime test
/// checks that the two agree.
/// - `com.photosim.LootLogger` and `com.photosim.PhotoBlobs` declare `NSCameraUsageDescription`.
/// - `com.photosim.MyLocations` declares the camera and photo-library descriptions.
/// - `com.photosim.PhotoShare` declares only `NSPhotoLibraryUsageDescription`; when it touches
///   the camera, iOS terminates it for accessing privacy-sensitive data without a usage description.
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
            reference("LootLogger", usageDescriptions: [
                // Seed 001's text.
                "NSCameraUsageDescription": "This app uses the camera to associate photos with items.",
            ]),
            reference("MyLocations", usageDescriptions: [
                "NSCameraUsageDescription": "Add photos to your locations.",
                "NSPhotoLibraryUsageDescription": "Add photos to your locations.",
            ]),
            reference("PhotoBlobs", usageDescriptions: [
                "NSCameraUsageDescription": "PhotoBlobs saves the photos you take.",
            ]),
            reference("PhotoShare", usageDescriptions: [
                "NSPhotoLibraryUsageDescription": "PhotoShare shows your photos so you can share them.",
            ]),
        ]
    }

    /// `com.photosim.<name>`, bundle and display name `<name>`, version 1.0 (1).
    private static func reference(_ name: String, usageDescriptions: [String: String]) -> ReferenceApp {
        ReferenceApp(bundleIdentifier: BundleIdentifier("com.photosim.\(name)")!, bundleName: name, displayName: name,
                     bundleVersion: "1", shortVersion: "1.0", usageDescriptions: usageDescriptions)
    }
}
