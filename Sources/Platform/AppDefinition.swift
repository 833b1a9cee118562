import Core

/// An app, declared once: its identity, its Info.plist, its own checkers and how to make its
/// delegate. Everything that installs, launches, checks or lists an app reads it from here: the
/// bundle a device gets (`Info.plist` with `CFBundleIdentifier`, `CFBundleName`, versions and
/// usage descriptions), the prompts that name it, the checkers that judge its state between
/// events. The seed apps and a team's own app are defined the same way.
///
/// ```swift
/// let definition = AppDefinition(
///     bundleIdentifier: "com.example.Snaps", displayName: "Snaps",
///     usageDescriptions: [.camera: "Snaps takes photos."],
///     checkers: [SnapsCheckers.everyPhotoHasARow]
/// ) { SnapsApp(environment: $0) }
/// ```
public struct AppDefinition: Sendable {
    /// `CFBundleIdentifier`.
    public let bundleIdentifier: BundleIdentifier
    /// `CFBundleDisplayName`, as permission prompts and the home screen name the app.
    public let displayName: String
    /// `CFBundleName` and `CFBundleExecutable`; the bundle folder is `<bundleName>.app`.
    public let bundleName: String
    /// `CFBundleVersion`.
    public let bundleVersion: String
    /// `CFBundleShortVersionString`.
    public let shortVersion: String
    /// The usage descriptions the app declares; a key it lacks is the TCC termination when the
    /// app asks for that resource (IOS-FACTS §1).
    public let usageDescriptions: [UsageDescriptionKey: String]
    /// Other string entries of its Info.plist.
    public let otherInfoPlistStrings: [String: String]
    /// The rules true of this app's state between any two events (its stores, its files), run
    /// beside the platform's own after every launch and at the end of every scenario.
    public let checkers: [AppChecker]
    /// Makes the app's delegate for one launch.
    public let makeApplication: @Sendable (AppEnvironment) throws -> Application

    /// - Parameters:
    ///   - bundleName: `CFBundleName` and `CFBundleExecutable`; the last part of the bundle
    ///     identifier when not given (`Snaps` for `com.example.Snaps`).
    ///   - checkers: names must differ from each other and from the platform's checkers.
    public init(bundleIdentifier: BundleIdentifier, displayName: String, bundleName: String? = nil,
                bundleVersion: String = "1", shortVersion: String = "1.0",
                usageDescriptions: [UsageDescriptionKey: String] = [:], otherInfoPlistStrings: [String: String] = [:],
                checkers: [AppChecker] = [],
                makeApplication: @escaping @Sendable (AppEnvironment) throws -> Application) {
        precondition(Set(checkers.map(\.name)).count == checkers.count, "an app's checkers have different names")
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.bundleName = bundleName ?? Self.lastComponent(of: bundleIdentifier)
        self.bundleVersion = bundleVersion
        self.shortVersion = shortVersion
        self.usageDescriptions = usageDescriptions
        self.otherInfoPlistStrings = otherInfoPlistStrings
        self.checkers = checkers
        self.makeApplication = makeApplication
    }

    /// The `.app` folder name.
    public var bundleFolderName: String { bundleName + ".app" }

    /// The string entries of its Info.plist, as an app run reads them: the usage descriptions,
    /// the other strings, `CFBundleIdentifier`, `CFBundleName`, `CFBundleDisplayName`,
    /// `CFBundleExecutable` and the versions.
    public var infoPlist: [String: String] {
        var entries = otherInfoPlistStrings
        for (key, text) in usageDescriptions { entries[key.rawValue] = text }
        entries["CFBundleIdentifier"] = bundleIdentifier.rawValue
        entries["CFBundleName"] = bundleName
        entries["CFBundleDisplayName"] = displayName
        entries["CFBundleExecutable"] = bundleName
        entries["CFBundleVersion"] = bundleVersion
        entries["CFBundleShortVersionString"] = shortVersion
        return entries
    }

    /// Its bundle's whole `Info.plist`: ``infoPlist`` and the keys Xcode writes for an iOS app.
    public var bundleInfoPlist: [String: PropertyListValue] {
        var entries: [String: PropertyListValue] = [
            "CFBundlePackageType": "APPL",
            "CFBundleInfoDictionaryVersion": "6.0",
            "MinimumOSVersion": "16.0",
            "UIDeviceFamily": .array([1, 2]),
        ]
        for (key, text) in infoPlist { entries[key] = .string(text) }
        return entries
    }

    private static func lastComponent(of identifier: BundleIdentifier) -> String {
        String(identifier.rawValue.split(separator: ".").last ?? Substring(identifier.rawValue))
    }
}
