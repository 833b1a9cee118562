import Foundation
import Platform

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
    /// on a new or erased device, so the same commands give the same pids; after
    /// ``DeviceRecord/largestProcessIdentifier`` it wraps around to the first, as a kernel's pid
    /// allocator does (``takeProcessIdentifier()``).
    public var nextProcessIdentifier: Int
    /// Running apps: bundle identifier to process identifier.
    public var runningApplications: [String: Int]
    /// Installed apps, sorted by bundle identifier.
    public var installedApplications: [InstalledApplicationRecord]
    /// `true` for a device made without cameras (`simctl create --no-camera`, PhotoSim's), as
    /// every device of Apple's Simulator is: `UIImagePickerController.isSourceTypeAvailable(.camera)`
    /// is false on it. Absent (`nil`) for a device with its type's cameras, so the records of
    /// devices made before this key read as they did.
    public var withoutCamera: Bool?

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

    /// Hands out the counter's pid, or the next one no running app has, and moves the counter
    /// past it, wrapping from ``largestProcessIdentifier`` to ``firstProcessIdentifier``: the
    /// counter never leaves the range a reader accepts, however many launches came before.
    public mutating func takeProcessIdentifier() -> Int {
        let running = Set(runningApplications.values)
        var pid = nextProcessIdentifier
        while running.contains(pid) { pid = Self.processIdentifier(after: pid) }
        nextProcessIdentifier = Self.processIdentifier(after: pid)
        return pid
    }

    /// The pid after `pid`, wrapping around after the largest.
    static func processIdentifier(after pid: Int) -> Int {
        pid >= largestProcessIdentifier ? firstProcessIdentifier : pid + 1
    }

    /// Stops the device: `Shutdown`, its running apps ended (`simctl shutdown`).
    public mutating func shutDown() {
        state = .shutdown
        runningApplications = [:]
    }

    /// Traps when the record contradicts itself (only a bug can cause it: records are written by us).
    public func checkInvariants() {
        let pids = DeviceRecord.firstProcessIdentifier...DeviceRecord.largestProcessIdentifier
        precondition(pids.contains(nextProcessIdentifier), "the pid counter stays in range")
        precondition(runningApplications.values.allSatisfy(pids.contains), "running pids are in range")
        precondition(Set(runningApplications.values).count == runningApplications.count, "running pids are unique")
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
