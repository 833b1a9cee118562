import Apps
import Core
import Foundation
import Testing
@testable import DeviceStore
@testable import Rendering
@testable import SimctlPresentation

/// Which runtimes each device type runs: between its minimum and its maximum.
@Suite("Device catalogue runtime limits")
struct DeviceCatalogueRuntimeTests {
    @Test func theIPodTouchStopsAtIOS15() throws {
        let catalogue = DeviceCatalogue.standard
        let pod = try #require(catalogue.deviceType(matching: "iPod touch (7th generation)"))
        #expect(pod.maximumRuntimeVersion == "15.255.255")
        #expect(catalogue.runtimes.filter { catalogue.supports(pod, on: $0) }.map(\.name) == ["iOS 15.5"])
        let profiles = ProfilePaths(setPath: "/set")
        #expect(DeviceListing.json(pod, profiles: profiles) == .object([
            "name": .string(pod.name), "identifier": .string(pod.identifier), "productFamily": .string("iPod"),
            "bundlePath": .string("/set/.profiles/DeviceTypes/iPod touch (7th generation).simdevicetype"),
            "modelIdentifier": .string("iPod9,1"), "minRuntimeVersionString": .string("12.3.1"),
            "minRuntimeVersion": .integer(787_201), "maxRuntimeVersionString": .string("15.255.255"),
            "maxRuntimeVersion": .integer(1_048_575),
        ]))
    }

    @Test func createWithoutARuntimeTakesTheNewestTheTypeRuns() throws {
        let sandbox = try DeviceSetSandbox()
        let pod = try sandbox.set.device(DeviceSelector(try sandbox.create("Pod", type: "iPod touch (7th generation)")))
        #expect(pod.runtime?.name == "iOS 15.5")
        let phone = try sandbox.set.device(DeviceSelector(try sandbox.create("Phone", type: "iPhone SE (3rd generation)")))
        #expect(phone.runtime?.name == "iOS 17.0")
        let error = deviceSetError { _ = try sandbox.set.create(name: "x", deviceType: "iPod touch (7th generation)", runtime: "iOS 17.0") }
        #expect(error?.simctl().exitCode == 147)
    }

    @Test func createWithoutARuntimeFailsWhenNoInstalledRuntimeFits() throws {
        let sandbox = try DeviceSetSandbox()
        let standard = DeviceCatalogue.standard
        let catalogue = DeviceCatalogue(deviceTypes: standard.deviceTypes, runtimes: standard.runtimes.filter { $0.version != "15.5" })
        let set = DeviceSet(path: sandbox.set.path, catalogue: catalogue, fileSystem: sandbox.fileSystem, clock: sandbox.clock,
                            random: SplitMix64(seed: 1), apps: ReferenceApps.all)
        let error = deviceSetError { _ = try set.create(name: "Pod", deviceType: "iPod touch (7th generation)", runtime: nil) }
        #expect(error?.simctl().exitCode == 147)
        #expect(error?.simctl().description == """
            An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=403):
            Incompatible device
            Unable to create a device for device type: iPod touch (7th generation) \
            (com.apple.CoreSimulator.SimDeviceType.iPod-touch--7th-generation-): no available runtime runs it \
            (it runs versions 12.3.1 to 15.255.255). See `simctl list runtimes`.
            """)
        #expect(try set.devices().isEmpty)
    }
}
