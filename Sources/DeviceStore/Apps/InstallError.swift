import Core

/// Why `simctl install` refused an app bundle. Nothing was installed or changed.
public enum InstallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing is at the path, or it is a file rather than an `.app` folder.
    case bundleNotFound(path: String)
    /// The folder has no `Info.plist`.
    case missingInfoPlist(bundlePath: String)
    /// The `Info.plist` is no property list, or its top level is not a dictionary.
    case unreadableInfoPlist(bundlePath: String, reason: String)
    /// The `Info.plist` has no `CFBundleIdentifier` string.
    case missingBundleIdentifier(bundlePath: String)
    /// `CFBundleIdentifier` holds characters a bundle identifier cannot (letters, digits, `-`, `.`).
    case invalidBundleIdentifier(bundlePath: String, value: String)
    /// The bundle holds something that is neither a file nor a folder (a symbolic link, a FIFO).
    case unsupportedItem(path: String, kind: FileKind)

    public var description: String {
        switch self {
        case .bundleNotFound(let path):
            return "No app bundle (a folder ending in .app) is at \(path). Give the path of the built .app folder."
        case .missingInfoPlist(let bundlePath):
            return "The app bundle \(bundlePath) has no Info.plist, so its bundle identifier is unknown. Build the app again."
        case .unreadableInfoPlist(let bundlePath, let reason):
            return "The Info.plist of \(bundlePath) cannot be read (\(reason)). Build the app again."
        case .missingBundleIdentifier(let bundlePath):
            return "The Info.plist of \(bundlePath) has no CFBundleIdentifier string. Set PRODUCT_BUNDLE_IDENTIFIER and build again."
        case .invalidBundleIdentifier(let bundlePath, let value):
            return "The Info.plist of \(bundlePath) names the bundle identifier \(DeviceSet.quoted(value)), "
                + "which may hold only letters, digits, - and '.'. Fix CFBundleIdentifier and build again."
        case .unsupportedItem(let path, let kind):
            return "The app bundle holds \(path), a \(kind.rawValue); only files and folders can be installed. Remove it from the bundle."
        }
    }
}
