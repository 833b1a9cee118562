import Core

/// Where a device's files live inside its set, mirroring CoreSimulator's layout where it is known.
///
/// ```
/// <set>/<UDID>/device.json                                   the DeviceRecord
/// <set>/<UDID>/data/                                          dataPath in `list --json`
/// <set>/<UDID>/data/Containers/Bundle/Application/<UUID>/<Name>.app/Info.plist
/// <set>/<UDID>/data/Containers/Data/Application/<UUID>/{Documents,Library/Preferences,Library/Application Support,tmp}
/// <set>/<UDID>/data/Media/                                    owned by the media library
/// <set>/<UDID>/data/Library/TCC/privacy.json                  privacy grants (PrivacyGrants)
/// <set>/<UDID>/logs/                                          logPath in `list --json`
/// ```
public struct DevicePaths: Sendable, Equatable {
    public let devicePath: String
    public let recordPath: String
    public let dataPath: String
    public let logPath: String
    public let mediaPath: String
    public let privacyPath: String

    public init(setPath: String, udid: DeviceUDID) {
        devicePath = setPath.appendingPathComponent(udid.rawValue)
        recordPath = devicePath.appendingPathComponent("device.json")
        dataPath = devicePath.appendingPathComponent("data")
        logPath = devicePath.appendingPathComponent("logs")
        mediaPath = dataPath.appendingPathComponent("Media")
        privacyPath = dataPath.appendingPathComponent("Library/TCC/privacy.json")
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
