import Platform

/// Why an app of a device cannot be found, launched or terminated.
public enum AppError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No app with this bundle identifier is installed on the device.
    case notInstalled(BundleIdentifier)
    /// The app is not running, so there is nothing to terminate.
    case notRunning(BundleIdentifier)
    /// The app's process could not be started or ended before its first screen settled: why.
    case launchFailed(BundleIdentifier, reason: String)
    /// No installed app names the link's scheme in its Info.plist (`simctl openurl`).
    case noApplicationForURL(String)

    public var description: String {
        switch self {
        case .notInstalled(let bundle):
            return "No app with bundle identifier \(bundle) is installed on the device."
        case .notRunning(let bundle):
            return "\(bundle) is not running, so there is nothing to terminate."
        case .launchFailed(let bundle, let reason):
            return "\(bundle) could not be launched: \(reason)"
        case .noApplicationForURL(let url):
            return "No installed app opens \(url): none names its scheme in CFBundleURLTypes."
        }
    }
}
