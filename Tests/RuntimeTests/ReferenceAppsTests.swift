import Apps
import Core
import Platform
import Simulator
import Testing

@Suite("Runtime: the reference apps installed on every device")
struct ReferenceAppsTests {
    @Test func simctlsDevicesComeWithTheFourReferenceApps() {
        #expect(ReferenceApps.all.map(\.bundleIdentifier.rawValue)
                == ["com.photosim.LootLogger", "com.photosim.MyLocations", "com.photosim.PhotoBlobs", "com.photosim.PhotoShare"])
        let photoShare = ReferenceApps.all.first { $0.bundleName == "PhotoShare" }
        #expect(photoShare?.displayName == "PhotoShare")
        #expect(photoShare.map { Array($0.usageDescriptions.keys) } == [.photoLibrary])
    }

    @Test(arguments: ReferenceApps.all.map(\.bundleIdentifier.rawValue))
    func theInstalledBundleIsTheAppsDefinition(bundleIdentifier: String) throws {
        let definition = try #require(ReferenceApps.all.first { $0.bundleIdentifier.rawValue == bundleIdentifier })
        let sandbox = try RuntimeSandbox(photoCount: 0)
        let set = DeviceSet(path: sandbox.folder.appendingPathComponent("Devices"), fileSystem: sandbox.fileSystem,
                            clock: ManualClock(now: RuntimeDevice.epochDate), random: SplitMix64(seed: 3), apps: ReferenceApps.all)
        let phone = try set.create(name: "Phone", deviceType: "iPhone 15", runtime: nil)
        try set.boot(.udid(phone.udid))
        let installed = try #require(try set.installedApplications(.udid(phone.udid)).first { $0.bundleIdentifier == definition.bundleIdentifier })
        #expect(installed.infoPlist == definition.bundleInfoPlist)
        #expect(installed.bundlePath.hasSuffix("/" + definition.bundleFolderName))
    }

    @Test(arguments: [LootLogger.definition, PhotoBlobs.definition, PhotoShare.definition].map(\.bundleIdentifier.rawValue))
    func theNewAppsRunInstalledOnADeviceSetDevice(bundleIdentifier: String) throws {
        let definition = try #require(ReferenceApps.all.first { $0.bundleIdentifier.rawValue == bundleIdentifier })
        let sandbox = try RuntimeSandbox(photoCount: 0)
        let set = DeviceSet(path: sandbox.folder.appendingPathComponent("Devices"), fileSystem: sandbox.fileSystem,
                            clock: ManualClock(now: RuntimeDevice.epochDate), random: SplitMix64(seed: 3), apps: ReferenceApps.all)
        let phone = try set.create(name: "Phone", deviceType: "iPhone 15", runtime: nil)
        try set.boot(.udid(phone.udid))
        let world = World(seed: 5)
        let device = try RuntimeDevice.installed(in: set, device: "booted", definition: definition, world: world)
        #expect(device.usageDescription(.camera) == definition.usageDescriptions[.camera])
        let host = AppHost(definition: definition, device: device, world: world)
        try host.launch()
        #expect(host.state == .active)
        #expect(host.visibleElements.contains { ["Add", "Capture", "Allow Full Access"].contains($0.label) })
    }
}
