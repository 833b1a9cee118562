import Apps
import Core
import Platform
import Simulator
import Testing

@Suite("Runtime: the reference apps installed on every device")
struct ReferenceAppsTests {
    /// The definitions Simulator's table repeats.
    static let definitions = [LootLogger.definition, MyLocations.definition, PhotoBlobs.definition, PhotoShare.definition]

    @Test func everyNewDeviceGetsTheFourReferenceApps() {
        #expect(ReferenceApp.standard.map(\.bundleIdentifier.rawValue)
                == ["com.photosim.LootLogger", "com.photosim.MyLocations", "com.photosim.PhotoBlobs", "com.photosim.PhotoShare"])
        let photoShare = ReferenceApp.standard.first { $0.bundleName == "PhotoShare" }
        #expect(photoShare?.displayName == "PhotoShare")
        #expect(photoShare.map { Array($0.usageDescriptions.keys) } == ["NSPhotoLibraryUsageDescription"])
    }

    @Test(arguments: definitions.map(\.bundleIdentifier))
    func theInstalledInfoPlistAgreesWithTheAppsDefinition(bundleIdentifier: String) throws {
        let definition = try #require(Self.definitions.first { $0.bundleIdentifier == bundleIdentifier })
        let installed = try #require(ReferenceApp.standard.first { $0.bundleIdentifier.rawValue == bundleIdentifier })
        #expect(installed.displayName == definition.displayName)
        #expect(installed.usageDescriptions == definition.infoPlist.filter { $0.key.hasSuffix("UsageDescription") })
    }

    @Test(arguments: [LootLogger.definition, PhotoBlobs.definition, PhotoShare.definition].map(\.bundleIdentifier))
    func theNewAppsRunInstalledOnADeviceSetDevice(bundleIdentifier: String) throws {
        let definition = try #require(Self.definitions.first { $0.bundleIdentifier == bundleIdentifier })
        let sandbox = try RuntimeSandbox(photoCount: 0)
        let set = DeviceSet(path: sandbox.folder.appendingPathComponent("Devices"), fileSystem: sandbox.fileSystem,
                            clock: ManualClock(now: RuntimeDevice.epochDate), random: SplitMix64(seed: 3))
        let phone = try set.create(name: "Phone", deviceType: "iPhone 15", runtime: nil)
        try set.boot(.udid(phone.udid))
        let world = World(seed: 5)
        let device = try RuntimeDevice.installed(in: set, device: "booted", definition: definition, world: world)
        #expect(device.infoPlist["NSCameraUsageDescription"] == definition.infoPlist["NSCameraUsageDescription"])
        let host = AppHost(definition: definition, device: device, world: world)
        try host.launch()
        #expect(host.state == .active)
        #expect(host.visibleElements.contains { ["Add", "Capture", "Allow Full Access"].contains($0.label) })
    }
}
