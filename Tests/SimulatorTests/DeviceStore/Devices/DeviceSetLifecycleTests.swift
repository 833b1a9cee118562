import Apps
import Core
import Foundation
import Platform
import Testing
@testable import DeviceStore
@testable import Rendering
@testable import SimctlPresentation

@Suite("Device set lifecycle")
struct DeviceSetLifecycleTests {
    @Test func createdDeviceIsShutdownWithAppsAndStockPhotos() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create("Test Phone")
        let device = try sandbox.set.device(DeviceSelector(udid))
        #expect(device.state == .shutdown)
        #expect(device.deviceType?.name == "iPhone 15")
        #expect(device.runtime?.identifier == "com.apple.CoreSimulator.SimRuntime.iOS-17-0")
        #expect(device.record.installedApplications.map(\.bundleIdentifier.rawValue)
                == ["com.photosim.LootLogger", "com.photosim.MyLocations", "com.photosim.PhotoBlobs", "com.photosim.PhotoShare"])
        #expect(try sandbox.set.mediaAssets(DeviceSelector(udid)).count > 0)
        #expect(try sandbox.set.checkInvariants().isEmpty)
        try sandbox.fileSystem.removeItem(at: device.paths.dataPath.appendingPathComponent("Containers/Data"))
        #expect(try sandbox.set.checkInvariants().count == ReferenceApps.all.count)
    }

    @Test func devicesResolveByUDIDInAnyCaseAndByExactName() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create("Alpha")
        #expect(try sandbox.set.device(DeviceSelector(udid.lowercased())).udid.rawValue == udid)
        #expect(try sandbox.set.device("Alpha").udid.rawValue == udid)
        #expect(deviceSetError { _ = try sandbox.set.device("alpha") } == .deviceNotFound(DeviceSelector("alpha")))
        #expect(deviceSetError { _ = try sandbox.set.device("00000000-0000-0000-0000-000000000000") }
                == .deviceNotFound(DeviceSelector("00000000-0000-0000-0000-000000000000")))
    }

    @Test func bootedSelectorNeedsABootedDevice() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        #expect(deviceSetError { _ = try sandbox.set.device("booted") } == .noDevicesBooted)
        try sandbox.set.boot(DeviceSelector(udid))
        #expect(try sandbox.set.device("booted").udid.rawValue == udid)
        #expect(try sandbox.set.device("booted").record.lastBootedAt == sandbox.clock.now)
    }

    @Test func stateErrorsMatchApple() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        #expect(deviceSetError { try sandbox.set.shutdown(DeviceSelector(udid)) } == .wrongState(.shutdown, state: .shutdown))
        try sandbox.set.boot(DeviceSelector(udid))
        let bootAgain = deviceSetError { try sandbox.set.boot(DeviceSelector(udid)) }
        #expect(bootAgain == .wrongState(.boot, state: .booted))
        #expect(bootAgain?.simctl().exitCode == 149)
        #expect(bootAgain?.simctl().description == """
            An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):
            Unable to boot device in current state: Booted
            """)
        #expect(deviceSetError { try sandbox.set.erase([DeviceSelector(udid)]) }
                == .wrongState(.erase, state: .booted))
    }

    @Test func createRejectsUnknownTypesAndRuntimes() throws {
        let sandbox = try DeviceSetSandbox()
        #expect(deviceSetError { _ = try sandbox.set.create(name: "x", deviceType: "iPhone 99", runtime: nil) }
                == .unknownDeviceType("iPhone 99"))
        #expect(deviceSetError { _ = try sandbox.set.create(name: "x", deviceType: "iPhone 15", runtime: "iOS 3.0") }
                == .unknownRuntime("iOS 3.0"))
        let incompatible = deviceSetError { _ = try sandbox.set.create(name: "x", deviceType: "iPhone 15", runtime: "iOS 16.4") }
        #expect(incompatible?.simctl().exitCode == 147)
        #expect(incompatible?.simctl().description == """
            An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=403):
            Incompatible device
            Unable to create a device for device type: iPhone 15 (com.apple.CoreSimulator.SimDeviceType.iPhone-15), \
            runtime: iOS 16.4 (16.4 - 20E247) - com.apple.CoreSimulator.SimRuntime.iOS-16-4
            """)
        #expect(try sandbox.set.devices().isEmpty)
    }

    @Test func eraseRestoresAFreshDeviceKeepingItsIdentity() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create("Keeper")
        try sandbox.set.boot(DeviceSelector(udid))
        _ = try sandbox.set.launch(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.MyLocations"))
        try sandbox.set.privacy(DeviceSelector(udid), action: .grant, service: "camera", bundleIdentifier: BundleIdentifier("com.photosim.MyLocations"))
        let photo = try sandbox.writeJPEG(named: "extra.jpg")
        let stock = try sandbox.set.mediaAssets(DeviceSelector(udid)).count
        _ = try sandbox.set.addMedia(DeviceSelector(udid), paths: [photo])
        try sandbox.set.shutdown(DeviceSelector(udid))

        try sandbox.set.erase([DeviceSelector(udid)])

        let device = try sandbox.set.device(DeviceSelector(udid))
        #expect(device.name == "Keeper")
        #expect(device.record.nextProcessIdentifier == DeviceRecord.firstProcessIdentifier)
        #expect(try sandbox.set.mediaAssets(DeviceSelector(udid)).count == stock)
        #expect(try sandbox.set.privacyGrants(DeviceSelector(udid)) == PrivacyGrants())
        #expect(try sandbox.set.checkInvariants().isEmpty)
    }

    @Test func deleteRemovesDevicesAndUnavailableOnes() throws {
        let sandbox = try DeviceSetSandbox()
        let first = try sandbox.create("One")
        let second = try sandbox.create("Two")
        try sandbox.set.boot(DeviceSelector(second))
        try sandbox.set.delete([DeviceSelector(second)])
        #expect(try sandbox.set.devices().map(\.udid.rawValue) == [first])

        // A device whose runtime the catalogue no longer has is unavailable.
        var record = try sandbox.set.device(DeviceSelector(first)).record
        record.runtimeIdentifier = "com.apple.CoreSimulator.SimRuntime.iOS-12-0"
        try sandbox.set.write(record)
        let stale = try sandbox.set.device(DeviceSelector(first))
        #expect(!stale.isAvailable)
        #expect(stale.availabilityError == "runtime profile not found")
        let kept = try sandbox.create("Three")
        try sandbox.set.deleteUnavailable()
        #expect(try sandbox.set.devices().map(\.udid.rawValue) == [kept])
        try sandbox.set.deleteAll()
        #expect(try sandbox.set.devices().isEmpty)
    }

    @Test func devicesAreListedSortedByNameThenUDID() throws {
        let sandbox = try DeviceSetSandbox()
        for name in ["Zulu", "Alpha", "Mike", "Alpha"] { _ = try sandbox.create(name) }
        let devices = try sandbox.set.devices()
        #expect(devices.map(\.name) == ["Alpha", "Alpha", "Mike", "Zulu"])
        #expect(devices[0].udid < devices[1].udid)
    }

    @Test func sameSeedGivesSameUDIDs() throws {
        let first = try DeviceSetSandbox(seed: 42)
        let second = try DeviceSetSandbox(seed: 42)
        #expect(try first.create() == second.create())
    }

    @Test func separateInstancesSeeEachOthersWork() throws {
        let sandbox = try DeviceSetSandbox()
        let other = DeviceSet(path: sandbox.set.path, fileSystem: POSIXFileSystem(), clock: sandbox.clock,
                              random: SplitMix64(seed: 99), apps: ReferenceApps.all)
        let udid = try sandbox.create()
        try other.boot(DeviceSelector(udid))
        #expect(try sandbox.set.device(DeviceSelector(udid)).state == .booted)
    }

    @Test func anUnreadableRecordHidesOnlyItsDeviceAndCanBeDeleted() throws {
        let sandbox = try DeviceSetSandbox()
        let good = try sandbox.create("Good")
        let damaged = try sandbox.create("Damaged")
        let recordPath = try sandbox.set.device(DeviceSelector(damaged)).paths.recordPath
        let damagedUDID = try #require(DeviceUDID(damaged))
        try sandbox.fileSystem.writeAtomically(Data("{not json".utf8), to: recordPath)

        #expect(try sandbox.set.devices().map(\.udid.rawValue) == [good])
        let listing = try sandbox.set.listing(section: .devices, searchTerm: nil)
        #expect(listing.unreadableRecords.count == 1)
        guard case .unreadable(damagedUDID, recordPath, _)? = listing.unreadableRecords.first else {
            Issue.record("unexpected \(listing.unreadableRecords)")
            return
        }
        #expect(SimctlError(.record(listing.unreadableRecords[0])).description.contains("simctl delete \(damaged)"))
        try sandbox.set.boot(DeviceSelector(good))
        guard case .record(.unreadable)? = deviceSetError({ try sandbox.set.boot(DeviceSelector(damaged)) }) else {
            Issue.record("booting a device whose record cannot be read must name the record")
            return
        }

        try sandbox.set.delete([DeviceSelector(damaged), DeviceSelector(damaged.lowercased())])
        #expect(!sandbox.fileSystem.fileExists(at: recordPath.deletingLastPathComponent))
        #expect(try sandbox.set.listing(section: nil, searchTerm: nil).unreadableRecords.isEmpty)

        let other = try sandbox.create("Other")
        try sandbox.fileSystem.writeAtomically(Data("[]".utf8), to: try sandbox.set.device(DeviceSelector(other)).paths.recordPath)
        try sandbox.set.deleteUnavailable()
        #expect(try sandbox.set.devices().map(\.udid.rawValue) == [good])
    }

    @Test func anUnavailableDeviceSaysWhyItCannotBoot() throws {
        let sandbox = try DeviceSetSandbox()
        var record = try sandbox.set.device(DeviceSelector(try sandbox.create("Old"))).record
        record.runtimeIdentifier = "com.apple.CoreSimulator.SimRuntime.iOS-12-0"
        try sandbox.set.write(record)
        let error = deviceSetError { try sandbox.set.boot("Old") }
        #expect(error == .unavailable(.boot, reason: "runtime profile not found"))
        #expect(error?.simctl().exitCode == 149)
        #expect(error?.simctl().description.hasSuffix("`simctl delete unavailable` removes such devices.") == true)
    }

    @Test func erasingADeviceNamedTwiceErasesItOnce() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create("Twice")
        try sandbox.set.erase([DeviceSelector(udid), "Twice"])
        #expect(try sandbox.set.device(DeviceSelector(udid)).record.installedApplications.count == ReferenceApps.all.count)
        #expect(try sandbox.set.checkInvariants().isEmpty)
    }

    @Test func aSetPathThatIsAFileIsRefusedInWords() throws {
        let sandbox = try DeviceSetSandbox()
        let file = sandbox.folder.appendingPathComponent("not-a-folder")
        try sandbox.fileSystem.writeAtomically(Data("x".utf8), to: file)
        for setPath in [file, file.appendingPathComponent("below")] {
            let set = DeviceSet(path: setPath, fileSystem: sandbox.fileSystem, clock: sandbox.clock, random: SplitMix64(seed: 1), apps: ReferenceApps.all)
            let error = deviceSetError { _ = try set.create(name: "x", deviceType: "iPhone 15", runtime: nil) }
            let reason = setPath == file ? "it is a file, not a folder" : "a folder above it is a file"
            #expect(error == .unusableSet(path: setPath, reason: reason))
            #expect(error?.simctl().exitCode == 74)
        }
        let set = DeviceSet(path: file, fileSystem: sandbox.fileSystem, clock: sandbox.clock, random: SplitMix64(seed: 1), apps: ReferenceApps.all)
        #expect(deviceSetError { _ = try set.devices() } == .unusableSet(path: file, reason: "it is a file, not a folder"))
    }
}
