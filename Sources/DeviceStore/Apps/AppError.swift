import Platform

/// Why an app of a device cannot be found, launched or terminated.
public enum AppError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No app with this bundle identifier is installed on the device.
    case notInstalled(BundleIdentifier)
    /// The app is not running, so there is nothing to terminate.
    case notRunning(BundleIdentifier)
    /// The app's process could not be started or ended before its first screen settled: why.
    case launchFailed(BundleIdentifier, reason: String)

    public var description: String {
        switch self {
        case .notInstalled(let bundle):
            return "No app with bundle identifier \(bundle) is installed on the device."
        case .notRunning(let bundle):
            return "\(bundle) is not running, so there is nothing to terminate."
        case .launchFailed(let bundle, let reason):
            return "\(bundle) could not be launched: \(reason)"
        }
    }
}
