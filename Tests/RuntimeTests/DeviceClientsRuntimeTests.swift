import Apps
import Core
import Foundation
import PhotoSimTesting
import Platform
import Simulator
import Testing

/// What `simctl location` and `simctl spawn notifyutil` change for apps run on the device, and
/// the screenshot of the app in front.
@Suite("Location, notifications and screenshots in the runtime")
struct DeviceClientsRuntimeTests {
    /// A set with a booted iPhone 15, made through the built `simctl`, and the set opened here.
    final class BootedSet {
        let folder: TemporaryFolder
        let set: DeviceSet

        init() throws {
            folder = try TemporaryFolder(prefix: RuntimeSandbox.folderPrefix)
            set = DeviceSet(path: folder.appending("Devices"), fileSystem: POSIXFileSystem(),
                            clock: ManualClock(now: RuntimeDevice.epochDate), random: SplitMix64(seed: 3), apps: ReferenceApps.all)
            let phone = try set.create(name: "Phone", deviceType: "iPhone 15", runtime: nil)
            try set.boot(.udid(phone.udid))
        }

        /// Runs the built `simctl --set <set> <arguments>`; returns its exit status.
        func simctl(_ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.simctlPath)
            process.arguments = ["--set", set.path] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// `simctl` beside the test bundle, where `swift build` puts every product.
        static var simctlPath: String {
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("simctl").path
        }
    }

    @Test func tagLocationShowsTheLocationSimctlSet() throws {
        let phone = try BootedSet()
        #expect(try phone.simctl(["location", "booted", "set", "43.2,-4.8"]) == 0)
        let world = World(seed: 1)
        let device = try RuntimeDevice.installed(in: phone.set, device: "booted", definition: MyLocations.definition, world: world)
        let host = AppHost(definition: MyLocations.definition, device: device, world: world)
        try host.launch()
        #expect(host.visibleElements.first { $0.identifier == "latitude" }?.label == "43.20000000")
        try host.tap("Tag Location")
        #expect(host.visibleElements.first { $0.identifier == "coordinate" }?.label == "43.20000000, -4.80000000")
    }

    @Test func withoutASetLocationAppsSeeTheDefault() throws {
        let phone = try BootedSet()
        let device = try RuntimeDevice.installed(in: phone.set, device: "booted", definition: MyLocations.definition, world: World(seed: 1))
        #expect(device.location == RuntimeDevice.defaultLocation)
    }

    @Test func aPostedMemoryWarningReachesTheAppAfterItsNextLaunchOnce() throws {
        let phone = try BootedSet()
        #expect(try phone.simctl(["spawn", "booted", "notifyutil", "-p", "UISimulatedMemoryWarningNotification"]) == 0)
        let world = World(seed: 1)
        let device = try RuntimeDevice.installed(in: phone.set, device: "booted", definition: MyLocations.definition, world: world)
        #expect(device.pendingNotifications == [DeviceSet.simulatedMemoryWarningNotification])
        #expect(try phone.set.pendingNotifications(.booted).isEmpty, "taken from the device")
        let host = AppHost(definition: MyLocations.definition, device: device, world: world)
        try host.launch()
        #expect(host.trace.events.count { if case .memoryWarning("simulated", _, _) = $0.event { true } else { false } } == 1)
        #expect(device.pendingNotifications.isEmpty)

        let again = World(seed: 1)
        let relaunched = AppHost(definition: MyLocations.definition,
                                 device: try RuntimeDevice.installed(in: phone.set, device: "booted", definition: MyLocations.definition, world: again),
                                 world: again)
        try relaunched.launch()
        #expect(!relaunched.trace.events.contains { $0.event.kind == .memoryWarning })
    }

    @Test func otherNotificationsAreDroppedWithoutAWarning() throws {
        let phone = try BootedSet()
        try phone.set.spawn(.booted, executable: "notifyutil", arguments: ["-p", "com.example.nobody"])
        let world = World(seed: 1)
        let host = AppHost(definition: MyLocations.definition,
                           device: try RuntimeDevice.installed(in: phone.set, device: "booted", definition: MyLocations.definition, world: world),
                           world: world)
        try host.launch()
        #expect(!host.trace.events.contains { $0.event.kind == .memoryWarning })
    }

    @Test func theScreenshotOfALaunchedAppIsItsFirstScreenAndDeterministic() throws {
        let phone = try BootedSet()
        let applications = [MyLocations.definition, PhotoShare.definition]
        let home = try phone.set.screenshot(.booted, applications: applications)
        try phone.set.setLocation(.booted, to: try SimulatedLocation(parsing: "43.2,-4.8"))
        _ = try phone.set.launch(.booted, bundleIdentifier: BundleIdentifier("com.photosim.MyLocations"))
        let shot = try phone.set.screenshot(.booted, applications: applications)
        #expect(shot.pixelWidth == 1179 && shot.pixelHeight == 2556)
        #expect(shot != home)
        #expect(try phone.set.screenshot(.booted, applications: applications) == shot)

        let world = World(seed: 0)
        let host = AppHost(definition: MyLocations.definition,
                           device: try RuntimeDevice.installed(in: phone.set, device: "booted", definition: MyLocations.definition, world: world),
                           world: world)
        try host.launch()
        #expect(try host.screenshot() == shot, "the app's first screen, drawn as the runtime draws it")
    }
}
