import Foundation

/// What `<set>/<UDID>/device.json` holds: everything about a device that is not a file of its own.
///
/// Written atomically (temporary file, `fsync`, `rename`) under the set's lock, so a reader in
/// another process sees the old record or the new one, never a mix.
public struct DeviceRecord: Codable, Equatable, Sendable {
    /// Bumped when the layout of this file changes incompatibly.
    public static let currentFormatVersion = 1

    public var formatVersion: Int
    public var udid: DeviceUDID
    public var name: String
    public var deviceTypeIdentifier: String
    public var runtimeIdentifier: String
    public var state: DeviceState
    /// When the device last booted (by the clock passed to the set); `nil` if never.
    public var lastBootedAt: Date?
    /// The process identifier the next launched app gets. Starts at ``firstProcessIdentifier``
    /// on a new or erased device, so the same commands give the same pids.
    public var nextProcessIdentifier: Int
    /// Running apps: bundle identifier to process identifier.
    public var runningApplications: [String: Int]
    /// Installed apps, sorted by bundle identifier.
    public var installedApplications: [InstalledApplicationRecord]

    /// The first pid handed out on a fresh device.
    public static let firstProcessIdentifier = 1001

    public init(udid: DeviceUDID, name: String, deviceTypeIdentifier: String, runtimeIdentifier: String) {
        self.formatVersion = DeviceRecord.currentFormatVersion
        self.udid = udid
        self.name = name
        self.deviceTypeIdentifier = deviceTypeIdentifier
        self.runtimeIdentifier = runtimeIdentifier
        self.state = .creating
        self.lastBootedAt = nil
        self.nextProcessIdentifier = DeviceRecord.firstProcessIdentifier
        self.runningApplications = [:]
        self.installedApplications = []
    }

    /// The installed app with this bundle identifier, if any.
    public func installedApplication(_ bundleIdentifier: BundleIdentifier) -> InstalledApplicationRecord? {
        installedApplications.first { $0.bundleIdentifier == bundleIdentifier }
    }

    /// Stops the device: `Shutdown`, its running apps ended (`simctl shutdown`).
    public mutating func shutDown() {
        state = .shutdown
        runningApplications = [:]
    }

    /// Traps when the record contradicts itself (only a bug can cause it: records are written by us).
    public func checkInvariants() {
        precondition(nextProcessIdentifier >= DeviceRecord.firstProcessIdentifier, "pids only grow")
        precondition(runningApplications.values.allSatisfy { $0 < nextProcessIdentifier }, "a running pid was handed out")
        precondition(state == .booted || runningApplications.isEmpty, "only a booted device runs apps")
        let identifiers = installedApplications.map(\.bundleIdentifier)
        precondition(identifiers == identifiers.sorted() && Set(identifiers).count == identifiers.count,
                     "installed apps are sorted and unique")
    }
}

/// One installed app as the device record remembers it: where its bundle and data live.
public struct InstalledApplicationRecord: Codable, Equatable, Sendable {
    public var bundleIdentifier: BundleIdentifier
    /// The bundle folder name (`MyLocations.app`).
    public var bundleFolderName: String
    /// The UUID folder under `Containers/Bundle/Application`.
    public var bundleContainerIdentifier: String
    /// The UUID folder under `Containers/Data/Application`.
    public var dataContainerIdentifier: String

    public init(bundleIdentifier: BundleIdentifier, bundleFolderName: String,
                bundleContainerIdentifier: String, dataContainerIdentifier: String) {
        self.bundleIdentifier = bundleIdentifier
        self.bundleFolderName = bundleFolderName
        self.bundleContainerIdentifier = bundleContainerIdentifier
        self.dataContainerIdentifier = dataContainerIdentifier
    }
}
