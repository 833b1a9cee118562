import Apps
import Core
import Foundation
import PhotoSimTesting
import Testing
@testable import DeviceStore
@testable import Rendering
@testable import SimctlPresentation

/// The files clients read beside `simctl`: `device.plist`, profile bundles and installd's log.
@Suite("Device files clients read")
struct DeviceFilesTests {
    /// Reads a property-list dictionary from disk.
    static func plist(_ path: String) throws -> [String: PropertyListValue] {
        try PropertyListValue.decodeDictionary(try POSIXFileSystem().contents(of: path))
    }

    @Test func devicePlistFollowsEveryLifecycleStep() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create("Plist Phone")
        let selector = DeviceSelector(udid)
        let steps: [(String, () throws -> Void, Int)] = [
            ("create", {}, 1),
            ("boot", { try sandbox.set.boot(selector) }, 3),
            ("shutdown", { try sandbox.set.shutdown(selector) }, 1),
            ("erase", { try sandbox.set.erase([selector]) }, 1),
            ("boot again", { try sandbox.set.boot(selector) }, 3),
            ("shutdown all", { try sandbox.set.shutdownAll() }, 1),
        ]
        for (step, action, number) in steps {
            try action()
            let device = try sandbox.set.device(selector)
            let plist = try DeviceFilesTests.plist(device.paths.devicePlistPath)
            #expect(plist == device.record.propertyList.dictionary, "after \(step)")
            #expect(plist["state"] == .integer(number), "after \(step)")
            #expect(plist["UDID"] == .string(udid) && plist["name"] == .string("Plist Phone"), "after \(step)")
            #expect(plist["deviceType"] == .string("com.apple.CoreSimulator.SimDeviceType.iPhone-15"), "after \(step)")
            #expect(plist["runtime"] == .string("com.apple.CoreSimulator.SimRuntime.iOS-17-0"), "after \(step)")
        }
    }

    @Test(arguments: [(DeviceState.creating, 0), (.shutdown, 1), (.booting, 2), (.booted, 3), (.shuttingDown, 4), (.erasing, 0)])
    func statesUseCoreSimulatorNumbers(state: DeviceState, number: Int) {
        #expect(state.coreSimulatorNumber == number)
    }

    @Test func profilesAreWrittenOnceAndReadable() throws {
        let sandbox = try DeviceSetSandbox()
        let disk = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        let set = DeviceSet(path: sandbox.set.path, fileSystem: disk, clock: sandbox.clock, random: SplitMix64(seed: 1), apps: ReferenceApps.all)
        try set.ensureProfiles()
        let firstWrites = disk.count(of: .write, pathContaining: "/.profiles/")
        #expect(firstWrites == 2 * (set.catalogue.deviceTypes.count + set.catalogue.runtimes.count))
        try set.ensureProfiles()
        #expect(disk.count(of: .write, pathContaining: "/.profiles/") == firstWrites, "nothing rewritten when right")

        let phone = try #require(set.catalogue.deviceType(matching: "iPhone 15"))
        let bundle = set.profilePaths.bundlePath(of: phone)
        #expect(bundle.hasSuffix("/.profiles/DeviceTypes/iPhone 15.simdevicetype"))
        let profile = try DeviceFilesTests.plist(bundle + "/Contents/Resources/profile.plist")
        #expect(profile["modelIdentifier"] == .string("iPhone15,4"))
        #expect([.real(3), .integer(3)].contains(profile["mainScreenScale"]), "Core reads a whole <real> back as an integer")
        #expect(try DeviceFilesTests.plist(bundle + "/Contents/Info.plist")["CFBundleIdentifier"] == .string(phone.identifier))

        let runtime = try #require(set.catalogue.runtime(matching: "iOS 17.0"))
        let version = try DeviceFilesTests.plist(set.profilePaths.systemVersionPath(of: runtime))
        #expect(version == ["ProductName": .string("iPhone OS"), "ProductVersion": .string("17.0"),
                            "ProductBuildVersion": .string("21A328")])
    }

    @Test func aDamagedProfileFileIsRewritten() throws {
        let sandbox = try DeviceSetSandbox()
        try sandbox.set.ensureProfiles()
        let runtime = try #require(sandbox.set.catalogue.runtime(matching: "iOS 16.4"))
        let path = sandbox.set.profilePaths.systemVersionPath(of: runtime)
        try sandbox.fileSystem.writeAtomically(Data("garbage".utf8), to: path)
        try sandbox.set.ensureProfiles()
        #expect(try DeviceFilesTests.plist(path)["ProductBuildVersion"] == .string("20E247"))
    }

    @Test func aProfileThatCannotBeWrittenNamesItsPath() throws {
        let sandbox = try DeviceSetSandbox()
        let disk = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        disk.inject(FaultRule(kind: .diskFull, operation: .write, pathPattern: "*SystemVersion.plist*"))
        let set = DeviceSet(path: sandbox.set.path, fileSystem: disk, clock: sandbox.clock, random: SplitMix64(seed: 1), apps: ReferenceApps.all)
        let error = deviceSetError { try set.ensureProfiles() }
        guard case .fileSystem(.noSpace(let path)) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(path.hasSuffix("SystemVersion.plist"))
    }

    @Test func installationLogNamesEveryContainerAndStartsAfreshOnErase() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        let device = try sandbox.set.device(DeviceSelector(udid))
        let log = String(decoding: try sandbox.fileSystem.contents(of: device.paths.installationLogPath), as: UTF8.self)
        for app in device.record.installedApplications {
            let data = device.paths.dataContainerPath(app.dataContainerIdentifier)
            let bundle = device.paths.bundleContainerPath(app.bundleContainerIdentifier)
            #expect(log.contains("Data container for \(app.bundleIdentifier) is now at \(data)\n"))
            #expect(log.contains("Made container live for \(app.bundleIdentifier) at \(bundle)\n"))
            #expect(log.contains("Install Successful for (Customer:\(app.bundleIdentifier));"))
        }
        #expect(log.hasPrefix("Tue Nov 14 22:13:20 2023 [100] <notice> (0x16b48f000) -[MIInstaller _installInstallable:"))

        try sandbox.set.erase([DeviceSelector(udid)])
        let erased = try sandbox.set.device(DeviceSelector(udid))
        let after = String(decoding: try sandbox.fileSystem.contents(of: erased.paths.installationLogPath), as: UTF8.self)
        #expect(after.components(separatedBy: "Data container for").count - 1 == ReferenceApps.all.count)
        #expect(after.contains(erased.paths.dataContainerPath(erased.record.installedApplications[0].dataContainerIdentifier)))
    }

    @Test(arguments: [(0.0, "Thu Jan  1 00:00:00 1970"), (1_700_000_000, "Tue Nov 14 22:13:20 2023"),
                      (1_744_006_432, "Mon Apr  7 06:13:52 2025")])
    func logTimestampsUseCtimeLayout(seconds: Double, text: String) {
        #expect(MobileInstallationLog.timestamp(Date(timeIntervalSince1970: seconds)) == text)
    }
}
