import AppRuntime
import Core
import DeviceStore
import Foundation
import Platform
import World

extension DeviceSet {
    /// What a booted device shows, as `simctl io <device> screenshot` draws it, at the device
    /// type's pixel size.
    ///
    /// When apps were launched with `simctl launch`, the one launched last (the highest pid) is
    /// in front: if `applications` has its code, it is run headlessly from its on-disk state on
    /// this device (launched in a world of seed 0, pending notifications delivered) and its
    /// first screen is drawn; if it is an installed `.app` with an executable (which wins over
    /// code of the same identifier in `applications`, as an installed app replaces another), its
    /// process is started in its container (``launchProcess(_:bundleIdentifier:arguments:environment:)``)
    /// and its first screen is drawn from its view hierarchy, then the process ends. Otherwise
    /// (no app running, or an installed `.app` PhotoSim has no code for) the home screen is
    /// drawn with the installed apps' display names, sorted. The
    /// status bar shows the runtime's epoch time, so the same device state gives the same bytes.
    public func screenshot(_ selector: DeviceSelector, applications: [AppDefinition]) throws(DeviceSetError) -> Screenshot {
        let device = try bootedDevice(selector)
        guard let deviceType = device.deviceType else {
            throw .unavailable(.appLookup, reason: device.availabilityError ?? "unknown device type")
        }
        let renderer: ScreenRenderer
        do { renderer = ScreenRenderer(deviceType: deviceType, fonts: try FontLibrary()) } catch { throw .io(.drawingFailed(reason: error.description)) }
        if let front = frontBundle(of: device), let app = try drawableProcess(selector, bundleIdentifier: front) {
            defer { app.kill() }
            do {
                return try renderer.render(try app.drawing(), statusBarTime: StatusBarClock.text(for: RuntimeDevice.epochDate))
            } catch let error as RenderingError {
                throw .io(.drawingFailed(reason: error.description))
            } catch {
                throw .io(.appFailed(bundleIdentifier: front.rawValue, reason: String(describing: error)))
            }
        }
        if let definition = frontApplication(of: device, among: applications) {
            return try drawRunning(definition, on: device, renderer: renderer)
        }
        let names = try installedApplications(selector).map(DeviceSet.homeScreenName).sorted()
        do {
            return try renderer.renderHomeScreen(appNames: names, statusBarTime: StatusBarClock.text(for: RuntimeDevice.epochDate))
        } catch {
            throw .io(.drawingFailed(reason: error.description))
        }
    }

    /// The screenshot's file bytes in `format` (PNG, or JPEG at quality 90 through Core's encoder).
    public func screenshotData(_ selector: DeviceSelector, format: ScreenshotFormat,
                               applications: [AppDefinition]) throws(DeviceSetError) -> Data {
        guard format.isSupported else { throw .io(.unsupportedType(format)) }
        let png = try screenshot(selector, applications: applications).pngData
        guard format == .jpeg else { return png }
        do {
            return try ImageDecoder().jpegData(from: png, quality: 90)
        } catch {
            throw .io(.drawingFailed(reason: "encoding the JPEG failed: \(error)"))
        }
    }

    /// Writes the screenshot to `filePath` atomically (temporary file, `fsync`, `rename`): a
    /// reader never sees half a PNG. A missing folder is ``DeviceIOError/folderMissing(filePath:folder:)``;
    /// nothing is drawn then.
    public func writeScreenshot(_ selector: DeviceSelector, to filePath: String, format: ScreenshotFormat,
                                applications: [AppDefinition]) throws(DeviceSetError) {
        let folder = filePath.contains("/") ? filePath.deletingLastPathComponent : "."
        let folderStatus = try? fileSystem.statusOfItem(at: (try? fileSystem.resolvedPath(of: folder)) ?? folder)
        guard folderStatus?.kind == .directory else {
            throw .io(.folderMissing(filePath: filePath, folder: folder.isEmpty ? "/" : folder))
        }
        try writeFile(try screenshotData(selector, format: format, applications: applications), to: filePath)
    }

    /// The app's process started for drawing its screen; a launch that fails is a screen that
    /// cannot be drawn (``DeviceIOError/appFailed(bundleIdentifier:reason:)``).
    private func drawableProcess(_ selector: DeviceSelector, bundleIdentifier bundle: BundleIdentifier) throws(DeviceSetError) -> LaunchedApp? {
        do {
            return try launchProcess(selector, bundleIdentifier: bundle)
        } catch .app(.launchFailed(_, let reason)) {
            throw .io(.appFailed(bundleIdentifier: bundle.rawValue, reason: reason))
        }
    }

    /// The app in front: the running app launched last, when `applications` has its code.
    private func frontApplication(of device: Device, among applications: [AppDefinition]) -> AppDefinition? {
        guard let bundle = frontBundle(of: device) else { return nil }
        return applications.first { $0.bundleIdentifier == bundle }
    }

    /// The running app launched last (the highest pid).
    private func frontBundle(of device: Device) -> BundleIdentifier? {
        device.record.runningApplications.max(by: { $0.value < $1.value }).flatMap { BundleIdentifier(rawValue: $0.key) }
    }

    private func drawRunning(_ definition: AppDefinition, on device: Device, renderer: ScreenRenderer) throws(DeviceSetError) -> Screenshot {
        let world = World(seed: 0)
        let host: AppHost
        do {
            let runtimeDevice = try RuntimeDevice.installed(in: self, device: device.udid.rawValue, definition: definition, world: world)
            host = AppHost(definition: definition, device: runtimeDevice, world: world)
            try host.launch()
        } catch let error as DeviceSetError {
            throw error
        } catch {
            throw .io(.appFailed(bundleIdentifier: definition.bundleIdentifier.rawValue, reason: String(describing: error)))
        }
        do {
            return try host.screenshot(renderer: renderer)
        } catch {
            throw .io(.drawingFailed(reason: error.description))
        }
    }

    /// How the home screen names an installed app: `CFBundleDisplayName`, else `CFBundleName`,
    /// else its bundle identifier.
    static func homeScreenName(_ app: InstalledApplication) -> String {
        app.infoPlist["CFBundleDisplayName"]?.string ?? app.infoPlist["CFBundleName"]?.string ?? app.bundleIdentifier.rawValue
    }
}
