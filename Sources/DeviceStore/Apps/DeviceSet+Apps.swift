import Core
import Foundation
import Platform

extension DeviceSet {
    /// The apps installed on a booted device, sorted by bundle identifier, with each
    /// `Info.plist` read from its bundle.
    public func installedApplications(_ selector: DeviceSelector) throws(DeviceSetError) -> [InstalledApplication] {
        let device = try bootedDevice(selector)
        var applications: [InstalledApplication] = []
        for record in device.record.installedApplications {
            applications.append(try resolve(record, on: device))
        }
        return applications
    }

    /// One installed app of a booted device with its `Info.plist` (`simctl appinfo`), or `nil`
    /// when the app is not installed (Apple's then prints a dictionary without `ApplicationType`,
    /// which is how appium/node-simctl's `appInfo` tells a missing app).
    public func installedApplication(_ selector: DeviceSelector, bundleIdentifier bundle: BundleIdentifier)
        throws(DeviceSetError) -> InstalledApplication? {
        let device = try bootedDevice(selector)
        guard let record = device.record.installedApplication(bundle) else { return nil }
        return try resolve(record, on: device)
    }

    /// The lines `simctl get_app_container` prints: the `.app` path, the data container path,
    /// or one `<group identifier>\t<path>` line per App Group (the reference apps have none).
    public func appContainer(_ selector: DeviceSelector, bundleIdentifier bundle: BundleIdentifier,
                             kind: AppContainerKind) throws(DeviceSetError) -> [String] {
        let device = try bootedDevice(selector)
        guard let record = device.record.installedApplication(bundle) else { throw .app(.notInstalled(bundle)) }
        let bundleContainer = device.paths.bundleContainerPath(record.bundleContainerIdentifier)
        switch kind {
        case .app: return [bundleContainer.appendingPathComponent(record.bundleFolderName)]
        case .data: return [device.paths.dataContainerPath(record.dataContainerIdentifier)]
        case .groups: return []
        }
    }

    /// Launches an app on a booted device and returns its process identifier, drawn from the
    /// device's own counter (which wraps around past the largest pid, skipping running apps'). An app that is already running keeps its pid (it is brought to the
    /// front, not started again) unless `terminatingRunningProcess` asks for a fresh start, as
    /// Apple's `--terminate-running-process` does.
    public func launch(_ selector: DeviceSelector, bundleIdentifier bundle: BundleIdentifier,
                       terminatingRunningProcess: Bool = false) throws(DeviceSetError) -> Int {
        try updateDevice(selector) { (record: inout DeviceRecord, _: Device) throws(DeviceSetError) -> Int in
            guard record.state == .booted else { throw .wrongState(.appLookup, state: record.state) }
            guard record.installedApplication(bundle) != nil else { throw .app(.notInstalled(bundle)) }
            if terminatingRunningProcess { record.runningApplications[bundle.rawValue] = nil }
            if let running = record.runningApplications[bundle.rawValue] { return running }
            let pid = record.takeProcessIdentifier()
            record.runningApplications[bundle.rawValue] = pid
            return pid
        }
    }

    /// Terminates a running app. An app that is not running fails as Apple's does
    /// (`found nothing to terminate`, exit 3).
    public func terminate(_ selector: DeviceSelector, bundleIdentifier bundle: BundleIdentifier) throws(DeviceSetError) {
        try updateDevice(selector) { (record: inout DeviceRecord, _: Device) throws(DeviceSetError) in
            guard record.state == .booted else { throw .wrongState(.appLookup, state: record.state) }
            guard record.runningApplications.removeValue(forKey: bundle.rawValue) != nil else {
                throw .app(.notRunning(bundle))
            }
        }
    }

    /// The running apps of a device: bundle identifier to pid, sorted by bundle identifier.
    public func runningApplications(_ selector: DeviceSelector) throws(DeviceSetError) -> [(BundleIdentifier, Int)] {
        try device(selector).record.runningApplications
            .compactMap { key, pid in BundleIdentifier(rawValue: key).map { ($0, pid) } }
            .sorted { $0.0 < $1.0 }
    }

    /// A device that must be booted: apps are looked up only on a running device, as Apple's
    /// `Unable to lookup in current state: Shutdown` (exit 149) says.
    package func bootedDevice(_ selector: DeviceSelector) throws(DeviceSetError) -> Device {
        let device = try device(selector)
        guard device.state == .booted else { throw .wrongState(.appLookup, state: device.state) }
        return device
    }

    private func resolve(_ record: InstalledApplicationRecord, on device: Device) throws(DeviceSetError) -> InstalledApplication {
        let paths = device.paths
        let bundleContainer = paths.bundleContainerPath(record.bundleContainerIdentifier)
        let bundlePath = bundleContainer.appendingPathComponent(record.bundleFolderName)
        let plistPath = bundlePath.appendingPathComponent("Info.plist")
        guard let data = try readFileIfPresent(plistPath) else { throw .fileSystem(.notFound(path: plistPath)) }
        let infoPlist: [String: PropertyListValue]
        do {
            infoPlist = try PropertyListValue.decodeDictionary(data)
        } catch {
            throw .record(.unreadable(udid: device.udid, path: plistPath, reason: error.reason))
        }
        return InstalledApplication(bundleIdentifier: record.bundleIdentifier, bundlePath: bundlePath,
                                    bundleContainerPath: bundleContainer,
                                    dataContainerPath: paths.dataContainerPath(record.dataContainerIdentifier),
                                    infoPlist: infoPlist)
    }

    /// Appends lines to the device's `mobile_installation.log.0` (``MobileInstallationLog``):
    /// the old contents and the new lines are written together, atomically, so a reader sees the
    /// log before or after, never half a line. Installing an app logs through here.
    func appendInstallationLog(_ lines: [String], paths: DevicePaths) throws(DeviceSetError) {
        guard !lines.isEmpty else { return }
        let logPath = paths.installationLogPath
        var contents = try readFileIfPresent(logPath) ?? Data()
        contents.append(Data(lines.map { $0 + "\n" }.joined().utf8))
        try createFolder(logPath.deletingLastPathComponent)
        try writeFile(contents, to: logPath)
    }
}
