import Apps
import Core
import Foundation
import PhotoSimTesting
import Testing
@testable import DeviceStore
@testable import Rendering
@testable import SimctlPresentation

/// `clone`, `rename`, `bootstatus` and `getenv` as decided by the device set.
@Suite("Device set clone, rename, boot status, environment")
struct DeviceSetCloneTests {
    @Test func aFullDiskDuringCloneLeavesNoHalfDevice() throws {
        let sandbox = try DeviceSetSandbox()
        let source = try sandbox.create("Source")
        let disk = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        disk.inject(FaultRule(kind: .diskFull, operation: .write, pathPattern: "*/Photos.sqlite*"))
        let set = DeviceSet(path: sandbox.set.path, fileSystem: disk, clock: sandbox.clock, random: SplitMix64(seed: 3), apps: ReferenceApps.all)
        let error = deviceSetError { try set.clone(DeviceSelector(source), name: "Copy") }
        guard case .fileSystem(.noSpace) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(try sandbox.set.devices().map(\.name) == ["Source"])
        #expect(try sandbox.fileSystem.contentsOfDirectory(at: sandbox.set.path).filter { DeviceUDID($0) != nil } == [source])
    }

    @Test func aCloneKeepsContainerUUIDsAndPrivacyButNotTheBootHistory() throws {
        let sandbox = try DeviceSetSandbox()
        let source = DeviceSelector(try sandbox.create("Source"))
        try sandbox.set.boot(source)
        try sandbox.set.shutdown(source)
        let copy = try sandbox.set.clone(source, name: "Copy")
        let original = try sandbox.set.device(source)
        #expect(copy.udid != original.udid && copy.state == .shutdown && copy.record.lastBootedAt == nil)
        #expect(copy.record.installedApplications == original.record.installedApplications)
        #expect(try sandbox.set.checkInvariants().isEmpty)
        #expect(try sandbox.set.mediaAssets(.udid(copy.udid)).count == sandbox.set.mediaAssets(source).count)
    }

    @Test func renameFollowsCreatesNameRules() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = DeviceSelector(try sandbox.create("Old"))
        try sandbox.set.rename(udid, to: "New")
        #expect(try sandbox.set.device(udid).name == "New")
        for bad in ["", "all", "line\nbreak"] {
            guard case .invalidName = deviceSetError({ try sandbox.set.rename(udid, to: bad) }) else {
                Issue.record("\(bad.debugDescription) was accepted"); continue
            }
        }
        #expect(try sandbox.set.device(udid).name == "New")
    }

    @Test func bootStatusBootsOnlyWhenAsked() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = DeviceSelector(try sandbox.create())
        let refused = deviceSetError { _ = try sandbox.set.bootStatus(udid, booting: false) }
        #expect(refused?.simctl(.bootstatus).exitCode == 149)
        #expect(try sandbox.set.device(udid).state == .shutdown)
        guard case .bootedNow(let device, _) = try sandbox.set.bootStatus(udid, booting: true) else {
            Issue.record("not booted by -b"); return
        }
        #expect(device.state == .booted)
        #expect(try sandbox.set.bootStatus(udid, booting: false) == .alreadyBooted(try sandbox.set.device(udid)))
    }

    @Test func theEnvironmentDescribesTheDevice() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create("Env", type: "iPad (10th generation)", runtime: "iOS 16.4")
        try sandbox.set.boot(DeviceSelector(udid))
        let environment = try sandbox.set.environment(DeviceSelector(udid))
        #expect(environment["SIMULATOR_UDID"] == udid && environment["SIMULATOR_DEVICE_NAME"] == "Env")
        #expect(environment["SIMULATOR_RUNTIME_VERSION"] == "16.4" && environment["SIMULATOR_RUNTIME_BUILD_VERSION"] == "20E247")
        #expect(environment["SIMULATOR_MODEL_IDENTIFIER"] == "iPad13,18" && environment["SIMULATOR_MAINSCREEN_SCALE"] == "2.000000")
        #expect(environment["SIMULATOR_LEGACY_ASSET_SUFFIX"] == "ipad" && environment["SIMULATOR_BOOT_TIME"] == "1700000000")
        #expect(deviceSetError { _ = try sandbox.set.environmentVariable(DeviceSelector(udid), name: "NOPE") }
                == .environmentVariableNotSet("NOPE"))
    }
}
