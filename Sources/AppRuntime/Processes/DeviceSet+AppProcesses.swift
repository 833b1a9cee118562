import Core
import DeviceStore
import Foundation
import Platform

extension LaunchedApp.Device {
    /// A device of `type` as an app launched on it sees it: its screen in points, its scale,
    /// its idiom and whether it has a camera (every type has its hardware's; `hasCamera` false
    /// is a device made without, as Apple's Simulator is).
    public init(deviceType type: DeviceType, hasCamera: Bool = true, name: String? = nil, udid: String, runtimeVersion: String) {
        let scale = Double(type.screenScale)
        let screen = LaunchRequest(screenWidth: Double(type.screenPixelWidth) / scale, screenHeight: Double(type.screenPixelHeight) / scale,
                                   screenScale: scale, idiom: type.productFamily == .iPad ? "pad" : "phone",
                                   hasCamera: hasCamera)
        self.init(name: name ?? type.name, udid: udid, screen: screen, runtimeVersion: runtimeVersion)
        self.screen.memoryLimitBytes = type.jetsamLimitBytes
    }
}

extension DeviceSet {
    /// An installed app of a booted device whose executable is Linux code (an ELF file, or a
    /// script starting with `#!`): its bundle as installed and its data container. Nil when the
    /// bundle names no `CFBundleExecutable`, has no such file, or holds something else (an iOS
    /// build's Mach-O, a stand-in): a bundle PhotoSim has no code for.
    public func launchableApplication(_ selector: DeviceSelector, bundleIdentifier bundle: BundleIdentifier)
        throws(DeviceSetError) -> (bundle: AppBundle, container: String)? {
        guard let installed = try installedApplication(selector, bundleIdentifier: bundle),
              let executable = installed.infoPlist["CFBundleExecutable"]?.string, !executable.isEmpty,
              let start = try? fileSystem.contents(ofRegularFile: installed.bundlePath.appendingPathComponent(executable),
                                                   limitBytes: Int.max, prefixBytes: 4).data,
              start.starts(with: [0x7F, 0x45, 0x4C, 0x46]) || start.starts(with: [0x23, 0x21]) else {
            return nil
        }
        let appBundle: AppBundle
        do {
            appBundle = try AppBundle.read(at: installed.bundlePath, fileSystem: fileSystem)
        } catch {
            throw .app(.launchFailed(bundle, reason: "its installed bundle cannot be read: \(error)"))
        }
        return (appBundle, installed.dataContainerPath)
    }

    /// Starts an installed app's executable on a booted device, as the iOS Simulator launches
    /// an app: in its data container, with the device's screen, memory limit and camera answer,
    /// in a world of seed 0 at the runtime's epoch (its `Date()` and `UUID()`, ``AppWorld``),
    /// `arguments` after the executable's path and `environment` added to the simulator's.
    /// Returns once its first screen has settled; the process's console is the container's
    /// `tmp/<bundle id>.console.log`. A process that cannot start or ends before its first
    /// screen settles is ``AppError/launchFailed(_:reason:)`` with why.
    public func launchProcess(_ selector: DeviceSelector, bundleIdentifier bundle: BundleIdentifier,
                              arguments: [String] = [], environment: [String: String] = [:],
                              opening url: String? = nil) throws(DeviceSetError) -> LaunchedApp? {
        let device = try bootedDevice(selector)
        guard let (appBundle, container) = try launchableApplication(selector, bundleIdentifier: bundle) else { return nil }
        guard let type = device.deviceType else {
            throw .unavailable(.appLookup, reason: device.availabilityError ?? "unknown device type")
        }
        var launchDevice = LaunchedApp.Device(deviceType: type, hasCamera: device.hasCamera, name: device.name, udid: device.udid.rawValue,
                                              runtimeVersion: device.runtime?.version ?? type.minimumRuntimeVersion)
        let grants = try privacyGrants(selector)
        launchDevice.screen.cameraAccess = grants.authorization(for: .camera, bundleIdentifier: bundle).map {
            $0 == .granted ? "granted" : "denied"
        }
        launchDevice.screen.locationAccess = grants.locationAccess(for: bundle)
        let location = try simulatedLocation(selector)?.coordinate ?? RuntimeDevice.defaultLocation
        launchDevice.screen.location = DeviceCoordinate(latitude: location.latitude, longitude: location.longitude)
        launchDevice.screen.url = url
        do {
            // A world of seed 0 at the runtime's epoch, as a reference app's screenshot is run in:
            // the same device state gives the same screen.
            return try LaunchedApp.launch(bundle: appBundle, container: container, device: launchDevice, arguments: arguments,
                                          environment: environment,
                                          world: AppWorld(date: RuntimeDevice.epochDate, random: SplitMix64(seed: 0)),
                                          memoryLimitBytes: type.jetsamLimitBytes)
        } catch {
            throw .app(.launchFailed(bundle, reason: error.description))
        }
    }
}

extension DeviceSet {
    /// The variables of `environment` (simctl's own) that a launched app gets: those named
    /// `SIMCTL_CHILD_<name>`, as `<name>` (Apple's `simctl help launch`: "set them in the calling
    /// environment with a SIMCTL_CHILD_ prefix").
    public static func childEnvironment(of environment: [String: String]) -> [String: String] {
        let prefix = "SIMCTL_CHILD_"
        var child: [String: String] = [:]
        for (name, value) in environment where name.hasPrefix(prefix) && name.count > prefix.count {
            child[String(name.dropFirst(prefix.count))] = value
        }
        return child
    }

    /// `simctl launch`: the app is brought to the front with a pid from the device's counter.
    /// An app already running keeps its pid and is not started again, unless
    /// `terminatingRunningProcess`. An app with an executable is started as
    /// ``launchProcess(_:bundleIdentifier:arguments:environment:)`` starts it and runs until its
    /// first screen has settled (what it writes at launch is written, its console is returned);
    /// then its process ends without a callback, as iOS ends a suspended app: PhotoSim keeps no
    /// process between commands, and `io screenshot` starts the app again from its container.
    /// A launch that fails leaves the app not running.
    public func launchApplication(_ selector: DeviceSelector, bundleIdentifier bundle: BundleIdentifier,
                                  terminatingRunningProcess: Bool = false, arguments: [String] = [],
                                  environment: [String: String] = [:]) throws(DeviceSetError) -> (pid: Int, console: String?) {
        let isRunning = try runningApplications(selector).contains { $0.0 == bundle }
        guard !isRunning || terminatingRunningProcess else {
            return (try launch(selector, bundleIdentifier: bundle), nil)
        }
        var console: String?
        if let app = try launchProcess(selector, bundleIdentifier: bundle, arguments: arguments, environment: environment) {
            console = app.console
            app.kill()
        }
        return (try launch(selector, bundleIdentifier: bundle, terminatingRunningProcess: terminatingRunningProcess), console)
    }
}

extension DeviceSet {
    /// `simctl openurl <device> <URL>`: the installed app whose Info.plist names the link's
    /// scheme (`CFBundleURLTypes`, compared without regard to case) is launched to open it, as
    /// ``launchApplication(_:bundleIdentifier:terminatingRunningProcess:arguments:environment:)``
    /// launches it: it runs until it has opened the link and its screen has settled
    /// (`application(_:open:options:)`, docs/uikit.md), then ends as a suspended app does, and is
    /// listed as running. The device has no Safari or other system app: a link no installed app
    /// claims (`https` among them) is LaunchServices' "application not found". Returns the app.
    @discardableResult
    public func openURL(_ selector: DeviceSelector, _ url: String) throws(DeviceSetError) -> BundleIdentifier {
        _ = try bootedDevice(selector)
        guard let scheme = URL(string: url)?.scheme, !scheme.isEmpty else { throw .app(.noApplicationForURL(url)) }
        for installed in try installedApplications(selector) {
            // An app whose bundle cannot be read, or that has no Linux code, opens nothing; the
            // others are still asked.
            guard let (bundle, _) = try? launchableApplication(selector, bundleIdentifier: installed.bundleIdentifier),
                  bundle.urlSchemes.contains(where: { $0.caseInsensitiveCompare(scheme) == .orderedSame }) else { continue }
            if let app = try launchProcess(selector, bundleIdentifier: bundle.bundleIdentifier, opening: url) { app.kill() }
            _ = try launch(selector, bundleIdentifier: bundle.bundleIdentifier)
            return bundle.bundleIdentifier
        }
        throw .app(.noApplicationForURL(url))
    }
}

extension PrivacyGrants {
    /// Location services' answer for `bundle` as an app process takes it: `always` with
    /// `location-always` granted, else `whenInUse` or `denied` from `location`; nil undecided.
    public func locationAccess(for bundle: BundleIdentifier) -> String? {
        if authorization(for: .locationAlways, bundleIdentifier: bundle) == .granted { return "always" }
        return authorization(for: .location, bundleIdentifier: bundle).map { $0 == .granted ? "whenInUse" : "denied" }
    }
}
