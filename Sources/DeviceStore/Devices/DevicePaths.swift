import Core

/// Where a device's files live inside its set, mirroring CoreSimulator's layout where it is known.
///
/// ```
/// <set>/<UDID>/device.json                                   the DeviceRecord
/// <set>/<UDID>/device.plist                                  CoreSimulator's summary of it (DeviceRecord+PropertyList)
/// <set>/<UDID>/data/                                          dataPath in `list --json`
/// <set>/<UDID>/data/Containers/Bundle/Application/<UUID>/<Name>.app/Info.plist
/// <set>/<UDID>/data/Containers/Data/Application/<UUID>/{Documents,Library/Preferences,Library/Application Support,tmp}
/// <set>/<UDID>/data/Media/                                    owned by the media library
/// <set>/<UDID>/data/Library/TCC/privacy.json                  privacy grants (PrivacyGrants)
/// <set>/<UDID>/data/Library/Logs/MobileInstallation/mobile_installation.log.0   installd's log (MobileInstallationLog)
/// <set>/<UDID>/logs/                                          logPath in `list --json`
/// ```
public struct DevicePaths: Sendable, Equatable {
    /// The folders every app's data container has from its install on, as the Simulator makes
    /// them (relative to the container): an app writes `Documents/x.jpg` without making its folder.
    public static let dataContainerFolders = ["Documents", "Library/Preferences", "Library/Application Support",
                                              "Library/Caches", "tmp"]

    public let devicePath: String
    public let recordPath: String
    /// `device.plist`, the file CoreSimulator keeps beside the device's data.
    public let devicePlistPath: String
    public let dataPath: String
    public let logPath: String
    public let mediaPath: String
    public let privacyPath: String
    /// installd's log, where clients look for an app's data container.
    public let installationLogPath: String

    public init(setPath: String, udid: DeviceUDID) {
        devicePath = setPath.appendingPathComponent(udid.rawValue)
        recordPath = devicePath.appendingPathComponent("device.json")
        devicePlistPath = devicePath.appendingPathComponent("device.plist")
        dataPath = devicePath.appendingPathComponent("data")
        logPath = devicePath.appendingPathComponent("logs")
        mediaPath = dataPath.appendingPathComponent("Media")
        privacyPath = dataPath.appendingPathComponent("Library/TCC/privacy.json")
        installationLogPath = dataPath.appendingPathComponent("Library/Logs/MobileInstallation/mobile_installation.log.0")
    }

    /// The folder holding one app's `.app` bundle.
    public func bundleContainerPath(_ containerIdentifier: String) -> String {
        dataPath.appendingPathComponent("Containers/Bundle/Application").appendingPathComponent(containerIdentifier)
    }

    /// One app's data container (its home folder).
    public func dataContainerPath(_ containerIdentifier: String) -> String {
        dataPath.appendingPathComponent("Containers/Data/Application").appendingPathComponent(containerIdentifier)
    }
}
