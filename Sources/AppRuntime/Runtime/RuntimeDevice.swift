import Core
import DeviceStore
import Foundation
import Platform
import World

/// The device an app runs on, as the host sees it: type, data container, photo library,
/// Info.plist and privacy answers.
///
/// Made either from an installed app on a device of a ``DeviceSet`` (``installed(in:device:definition:world:)``)
/// or as a fresh temporary device in a folder (``temporary(deviceType:folder:definition:world:)``).
///
/// ```swift
/// let device = try RuntimeDevice.temporary(deviceType: "iPhone 15", folder: tmp, definition: MyLocations.definition, world: world)
/// let host = AppHost(definition: MyLocations.definition, device: device, world: world)
/// ```
public final class RuntimeDevice {
    public let deviceType: DeviceType
    /// Whether the device has its type's cameras; false for a device made without them
    /// (`simctl create --no-camera`, a scenario's `camera: none`), as Apple's Simulator is.
    public let hasCamera: Bool
    /// The runtime's version (`17.0`).
    public let systemVersion: String
    /// The app's data container.
    public let containerPath: String
    /// The app's Info.plist strings (usage descriptions, `CFBundleDisplayName`).
    public var infoPlist: [String: String]
    /// How prompts name the app.
    public var displayName: String
    public let mediaLibrary: MediaLibrary
    /// The device's files, untraced (the app's own go through a tracing wrapper).
    public let fileSystem: FileSystem
    /// This app's answers per service (`simctl privacy`, or the user's answer to a prompt).
    public var privacy: [PrivacyService: PrivacyAuthorization]
    /// Where the device is.
    public var location: Coordinate
    /// With limited photo-library access, the assets the user selected (localIdentifiers).
    public var limitedLibrarySelection: [String] = []
    /// Social services whose compose sheet is not available (`SLComposeViewController`).
    public var unavailableComposeServices: Set<ComposeServiceType> = []
    /// Darwin notifications posted on the device and not yet delivered, oldest first
    /// (`simctl spawn <device> notifyutil -p <name>`): the next launch delivers them.
    public var pendingNotifications: [String] = []

    /// Where a device is when nothing set its location (Apple Park).
    public static let defaultLocation = Coordinate(latitude: 37.3349, longitude: -122.009)

    public init(deviceType: DeviceType, hasCamera: Bool = true, systemVersion: String, containerPath: String,
                infoPlist: [String: String], displayName: String, mediaLibrary: MediaLibrary, fileSystem: FileSystem,
                privacy: [PrivacyService: PrivacyAuthorization] = [:],
                location: Coordinate = RuntimeDevice.defaultLocation) {
        self.deviceType = deviceType
        self.hasCamera = hasCamera
        self.systemVersion = systemVersion
        self.containerPath = containerPath
        self.infoPlist = infoPlist
        self.displayName = displayName
        self.mediaLibrary = mediaLibrary
        self.fileSystem = fileSystem
        self.privacy = privacy
        self.location = location
        unavailableComposeServices = Set(ComposeServiceType.all).subtracting(ComposeServiceType.available(onSystemVersion: systemVersion))
    }

    /// The epoch every runtime world's wall clock starts at (2024-05-01 12:00:00 UTC).
    public static let epochDate = Date(timeIntervalSince1970: 1_714_564_800)

    /// A fresh device of `deviceType` (a name or identifier) in `folder`: `Container/` for the
    /// app's data, `Media/` for its library (with the stock photos when `stockPhotos`); without
    /// cameras when `hasCamera` is false.
    public static func temporary(deviceType name: String, hasCamera: Bool = true, folder: String, definition: AppDefinition,
                                 world: World, fileSystem: FileSystem = POSIXFileSystem(), stockPhotos: Bool = false,
                                 catalogue: DeviceCatalogue = .standard) throws -> RuntimeDevice {
        guard let deviceType = catalogue.deviceType(matching: name) else { throw RuntimeError.unknownDeviceType(name) }
        let runtime = catalogue.newestAvailableRuntime(for: deviceType)
        let container = folder.appendingPathComponent("Container")
        try makeDataContainer(at: container, fileSystem: fileSystem)
        let library = try MediaLibrary(mediaFolder: folder.appendingPathComponent("Media"), fileSystem: fileSystem,
                                       clock: world.dateClock(epochDate: epochDate), random: world.streams.stream("media"))
        if stockPhotos { _ = try library.addStockPhotos() }
        return RuntimeDevice(deviceType: deviceType, hasCamera: hasCamera,
                             systemVersion: runtime?.version ?? deviceType.minimumRuntimeVersion, containerPath: container, infoPlist: definition.infoPlist,
                             displayName: definition.displayName, mediaLibrary: library, fileSystem: fileSystem)
    }

    /// The installed app `definition.bundleIdentifier` on the booted device `selector` of `set`:
    /// its data container, its bundle's Info.plist, the device's library and privacy grants, the
    /// location `simctl location set` gave the device, and the notifications posted with
    /// `simctl spawn <device> notifyutil -p` (taken from the device: they are delivered once).
    /// The library's locks wait as the set's do (``DeviceSet/openMediaLibrary(_:fileSystem:clock:random:)``):
    /// another command on the same device is waited for in real time, up to the set's bound.
    public static func installed(in set: DeviceSet, device selector: String, definition: AppDefinition,
                                 world: World, fileSystem: FileSystem = POSIXFileSystem()) throws -> RuntimeDevice {
        let selector = DeviceSelector(selector)
        let device = try set.device(selector)
        guard let deviceType = device.deviceType else { throw RuntimeError.unknownDeviceType(device.record.deviceTypeIdentifier) }
        let installed = try set.installedApplications(selector)
        guard let app = installed.first(where: { $0.bundleIdentifier == definition.bundleIdentifier }) else {
            throw RuntimeError.notInstalled(bundleIdentifier: definition.bundleIdentifier.rawValue, device: device.name)
        }
        var strings: [String: String] = [:]
        for (key, value) in app.infoPlist { if let text = value.string { strings[key] = text } }
        let grants = try set.privacyGrants(selector)
        var privacy: [PrivacyService: PrivacyAuthorization] = [:]
        for service in [PrivacyService.camera, .photos, .photosAdd] {
            if let answer = grants.authorization(for: service, bundleIdentifier: definition.bundleIdentifier) {
                privacy[service] = answer
            }
        }
        let library = try set.openMediaLibrary(selector, fileSystem: fileSystem, clock: world.dateClock(epochDate: epochDate),
                                               random: world.streams.stream("media"))
        let runtimeDevice = RuntimeDevice(deviceType: deviceType, hasCamera: device.hasCamera,
                                          systemVersion: device.runtime?.version ?? deviceType.minimumRuntimeVersion,
                                          containerPath: app.dataContainerPath, infoPlist: strings,
                                          displayName: strings["CFBundleDisplayName"] ?? definition.displayName,
                                          mediaLibrary: library, fileSystem: fileSystem, privacy: privacy,
                                          location: try set.simulatedLocation(selector)?.coordinate ?? defaultLocation)
        runtimeDevice.pendingNotifications = try set.takePendingNotifications(selector)
        return runtimeDevice
    }

    /// An app's empty data container with the folders every app has (``DevicePaths/dataContainerFolders``).
    public static func makeDataContainer(at container: String, fileSystem: FileSystem) throws(FileSystemError) {
        for folder in DevicePaths.dataContainerFolders { try fileSystem.createDirectory(at: container.appendingPathComponent(folder)) }
    }

    /// The usage description the app's Info.plist gives `key`, `nil` when it has none.
    public func usageDescription(_ key: UsageDescriptionKey) -> String? {
        infoPlist[key.rawValue]
    }

    /// The traits an app reads.
    public var traits: DeviceTraits {
        DeviceTraits(modelName: deviceType.name, idiom: deviceType.productFamily == .iPad ? .pad : .phone,
                     hasCamera: hasCamera, screenScale: deviceType.screenScale,
                     screenWidthPoints: deviceType.screenPixelWidth / deviceType.screenScale,
                     screenHeightPoints: deviceType.screenPixelHeight / deviceType.screenScale,
                     systemVersion: systemVersion, location: location)
    }
}
