/// An operating-system version devices run, as `simctl list runtimes` describes it.
///
/// `simctl list` prints a runtime as `iOS 17.0 (17.0 - 21A328) - com.apple.CoreSimulator.SimRuntime.iOS-17-0`
/// (the layout quoted in many public scripts that parse it); `--json` prints the fields below
/// under Apple's keys `name`, `identifier`, `version`, `buildversion`, `platform`, `isAvailable`.
public struct Runtime: Sendable, Equatable {
    /// `iOS 17.0`
    public let name: String
    /// `com.apple.CoreSimulator.SimRuntime.iOS-17-0`
    public let identifier: String
    /// `17.0`
    public let version: String
    /// `21A328`, the build Apple shipped for that version.
    public let buildVersion: String
    /// `iOS`
    public let platform: String
    public let isAvailable: Bool

    public init(name: String, identifier: String, version: String, buildVersion: String, platform: String, isAvailable: Bool) {
        self.name = name
        self.identifier = identifier
        self.version = version
        self.buildVersion = buildVersion
        self.platform = platform
        self.isAvailable = isAvailable
    }

    /// The version as numbers, for ordering (`17.0` before `17.5`).
    public var versionComponents: [Int] { version.split(separator: ".").map { Int($0) ?? 0 } }
}
