/// An app the host can install and launch: its identity, the Info.plist strings it declares and
/// how to make its delegate. The seed apps and a team's own app are defined the same way.
///
/// ```swift
/// let definition = AppDefinition(bundleIdentifier: "com.example.Snaps", displayName: "Snaps",
///                                infoPlist: ["NSCameraUsageDescription": "Snaps takes photos."]) {
///     SnapsApp(environment: $0)
/// }
/// ```
public struct AppDefinition: Sendable {
    public let bundleIdentifier: String
    /// `CFBundleDisplayName`, as permission prompts name the app.
    public let displayName: String
    /// The string keys of its Info.plist (usage descriptions and the like).
    public let infoPlist: [String: String]
    /// Makes the app's delegate for one launch.
    public let makeApplication: @Sendable (AppEnvironment) throws -> Application

    public init(bundleIdentifier: String, displayName: String, infoPlist: [String: String],
                makeApplication: @escaping @Sendable (AppEnvironment) throws -> Application) {
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.infoPlist = infoPlist
        self.makeApplication = makeApplication
    }
}
