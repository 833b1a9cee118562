import Apps
import Core
import Foundation
import PhotoSimTesting
import Platform
import Testing
@testable import DeviceStore
@testable import Rendering
@testable import SimctlPresentation

/// Damage from outside the set: edited or copied device folders, records a crash left half-way,
/// names and set paths that would break listings. Each is reported in words, never trapped on.
@Suite("Device set damage")
struct DeviceSetDamageTests {
    /// A device record with one field edited: the field the message must name.
    struct DamagedField: CustomStringConvertible, Sendable {
        let field: String
        let value: any Sendable
        let named: String

        var description: String { "\(field) = \(value)" }
    }

    static let damagedFields: [DamagedField] = [
        DamagedField(field: "nextProcessIdentifier", value: Int.max, named: "`nextProcessIdentifier` is 9223372036854775807"),
        DamagedField(field: "nextProcessIdentifier", value: -5, named: "`nextProcessIdentifier` is -5"),
        DamagedField(field: "nextProcessIdentifier", value: 1e300, named: "a number in it is too large for its field"),
        DamagedField(field: "nextProcessIdentifier", value: "1001", named: "`nextProcessIdentifier`"),
        DamagedField(field: "formatVersion", value: 99, named: "`formatVersion` is 99"),
        DamagedField(field: "state", value: "Flying", named: "`state` is invalid"),
        DamagedField(field: "name", value: "", named: "`name` is blank"),
        DamagedField(field: "name", value: "two\nlines", named: "`name` contains the control character U+000A"),
        DamagedField(field: "name", value: "booted", named: "`name` is reserved"),
        DamagedField(field: "deviceTypeIdentifier", value: "", named: "`deviceTypeIdentifier` is empty"),
        DamagedField(field: "runtimeIdentifier", value: "iOS\n17", named: "`runtimeIdentifier` has characters"),
        DamagedField(field: "runningApplications", value: ["com.photosim.MyLocations": 1001], named: "`runningApplications` lists running apps"),
        DamagedField(field: "lastBootedAt", value: "yesterday", named: "`lastBootedAt` is invalid"),
        DamagedField(field: "installedApplications", value: [["bundleIdentifier": "com.photosim.MyLocations",
                                                              "bundleFolderName": "../../../etc",
                                                              "bundleContainerIdentifier": "00000000-0000-0000-0000-000000000001",
                                                              "dataContainerIdentifier": "00000000-0000-0000-0000-000000000002"]],
                     named: "`installedApplications` has com.photosim.MyLocations with `bundleFolderName` ../../../etc"),
        DamagedField(field: "installedApplications", value: [["bundleIdentifier": "com.photosim.MyLocations",
                                                              "bundleFolderName": "MyLocations.app",
                                                              "bundleContainerIdentifier": "../x",
                                                              "dataContainerIdentifier": "00000000-0000-0000-0000-000000000002"]],
                     named: "`bundleContainerIdentifier` ../x, not an upper-case UUID"),
        DamagedField(field: "udid", value: "not-a-udid", named: "`udid` is invalid"),
        DamagedField(field: "name", value: NSNull(), named: "`name` is null"),
    ]

    @Test(arguments: damagedFields)
    func aDamagedFieldIsNamedAndHidesOnlyItsDevice(_ damage: DamagedField) throws {
        let sandbox = try DeviceSetSandbox()
        let good = try sandbox.create("Good")
        let damaged = try sandbox.create("Damaged")
        let recordPath = try sandbox.set.device(DeviceSelector(damaged)).paths.recordPath
        try sandbox.editRecord(recordPath) { $0[damage.field] = damage.value }

        let error = deviceSetError { try sandbox.set.boot(DeviceSelector(damaged)) }
        #expect(error?.simctl().exitCode == 74)
        let message = error?.simctl().description ?? ""
        #expect(message.hasPrefix("The device record \(recordPath) cannot be read ("), "\(message)")
        #expect(message.contains(damage.named), "\(message)")
        #expect(message.hasSuffix("Delete the device with `simctl delete \(damaged)` and create it again."))
        #expect(try sandbox.set.devices().map(\.udid.rawValue) == [good])
        try sandbox.set.delete([DeviceSelector(damaged)])
        #expect(try sandbox.set.listing(section: nil, searchTerm: nil).unreadableRecords.isEmpty)
    }

    @Test func aCopiedDeviceFolderNeverTakesOverTheOriginal() throws {
        let sandbox = try DeviceSetSandbox()
        let original = try sandbox.create("Original")
        let copy = "11111111-2222-3333-4444-555555555555"
        let copyFolder = sandbox.set.path.appendingPathComponent(copy)
        try FileManager.default.copyItem(atPath: sandbox.set.path.appendingPathComponent(original), toPath: copyFolder)
        let originalRecord = try sandbox.fileSystem.contents(of: try sandbox.set.device(DeviceSelector(original)).paths.recordPath)

        #expect(try sandbox.set.devices().map(\.udid.rawValue) == [original])
        let listing = try sandbox.set.listing(section: .devices, searchTerm: nil)
        #expect(listing.unreadableRecords.map { SimctlError(.record($0)).description } == [
            "The device record \(copyFolder)/device.json belongs to device \(original), not to its folder \(copy) "
                + "(was a device folder copied?); the device is left out. To keep the copy as a device of its own, "
                + "set \"udid\" in that file to \(copy); otherwise remove it with `simctl delete \(copy)`."])
        #expect(listing.unreadableRecords.first.map { SimctlError(.record($0)).exitCode } == 74)
        for write in [{ try sandbox.set.boot(DeviceSelector(copy)) }, { try sandbox.set.erase([DeviceSelector(copy)]) },
                      { _ = try sandbox.set.launch(DeviceSelector(copy), bundleIdentifier: BundleIdentifier("com.photosim.MyLocations")) }] {
            guard case .record(.misplaced)? = deviceSetError(write) else {
                Issue.record("a copied folder's record must be refused")
                return
            }
        }
        #expect(try sandbox.fileSystem.contents(of: try sandbox.set.device(DeviceSelector(original)).paths.recordPath) == originalRecord)
        try sandbox.set.boot("Original")
        #expect(try sandbox.set.device(DeviceSelector(original)).state == .booted)
        try sandbox.set.delete([DeviceSelector(copy)])
        #expect(!sandbox.fileSystem.fileExists(at: copyFolder))
        #expect(try sandbox.set.device(DeviceSelector(original)).state == .booted)
    }

    @Test func aRecordIsNeverWrittenIntoAnotherDevicesFolder() throws {
        let sandbox = try DeviceSetSandbox()
        let first = try sandbox.set.device(DeviceSelector(try sandbox.create("First")))
        let second = try sandbox.set.device(DeviceSelector(try sandbox.create("Second")))
        guard case .record(.misplaced)? = deviceSetError({ try sandbox.set.write(first.record, to: second.paths) }) else {
            Issue.record("writing one device's record into another's folder must be refused")
            return
        }
        #expect(try sandbox.set.device(.udid(second.udid)).name == "Second")
    }

    @Test func anEraseCutShortIsVisibleAndEraseFinishesIt() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create("Phone")
        let stock = try sandbox.set.mediaAssets(DeviceSelector(udid)).count
        let crashing = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        crashing.crash(.after, on: .remove, pathPattern: "*/data*")
        let crashed = DeviceSet(path: sandbox.set.path, fileSystem: crashing, clock: sandbox.clock, random: SplitMix64(seed: 3), apps: ReferenceApps.all)
        guard case .fileSystem(.simulatedCrash)? = deviceSetError({ try crashed.erase([DeviceSelector(udid)]) }) else {
            Issue.record("the erase should have crashed")
            return
        }

        let device = try sandbox.set.device(DeviceSelector(udid))
        #expect(device.state == .erasing)
        #expect(!device.isAvailable)
        #expect(DeviceListing.line(device) == "Phone (\(udid)) (Erasing) (unavailable, erase has not finished)")
        let boot = deviceSetError { try sandbox.set.boot(DeviceSelector(udid)) }
        #expect(boot == .unavailable(.boot, reason: "erase has not finished"))
        #expect(boot?.simctl().description.contains("`simctl erase <device>` finishes it") == true)
        #expect(try sandbox.set.checkInvariants().isEmpty)

        try sandbox.set.erase([DeviceSelector(udid)])
        #expect(try sandbox.set.device(DeviceSelector(udid)).state == .shutdown)
        #expect(try sandbox.set.device(DeviceSelector(udid)).record.installedApplications.count == ReferenceApps.all.count)
        #expect(try sandbox.set.mediaAssets(DeviceSelector(udid)).count == stock)
        #expect(try sandbox.set.checkInvariants().isEmpty)
        try sandbox.set.boot(DeviceSelector(udid))
    }

    @Test func aCreateCutShortIsUnavailableAndCanBeFinishedOrDeleted() throws {
        let sandbox = try DeviceSetSandbox()
        let kept = try sandbox.create("Kept")
        for finish in [true, false] {
            let crashing = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
            crashing.crash(.before, on: .write, pathPattern: "*Info.plist*")
            let crashed = DeviceSet(path: sandbox.set.path, fileSystem: crashing, clock: sandbox.clock,
                                    random: SplitMix64(seed: finish ? 5 : 6), apps: ReferenceApps.all)
            _ = deviceSetError { _ = try crashed.create(name: "Half", deviceType: "iPhone 15", runtime: nil) }
            let half = try #require(try sandbox.set.devices().first { $0.name == "Half" })
            #expect(half.state == .creating && half.availabilityError == "creation has not finished")
            #expect(deviceSetError { try sandbox.set.boot("Half") }
                    == .unavailable(.boot, reason: "creation has not finished"))
            if finish {
                try sandbox.set.erase(["Half"])
                #expect(try sandbox.set.device("Half").isAvailable)
                try sandbox.set.delete(["Half"])
            } else {
                try sandbox.set.deleteUnavailable()
            }
            #expect(try sandbox.set.devices().map(\.udid.rawValue) == [kept])
        }
    }

    static let refusedNames: [(name: String, problem: String)] = [
        ("", "is blank"), ("   ", "is blank"), ("\t", "is blank"),
        ("two\nlines", "contains the control character U+000A"), ("bell\u{7}", "contains the control character U+0007"),
        ("line\u{2028}break", "contains the control character U+2028"),
        ("booted", "is reserved"), ("all", "is reserved"), ("unavailable", "is reserved"),
    ]

    @Test(arguments: refusedNames)
    func createRefusesNamesThatBreakListingsOrSelectors(_ name: String, _ problem: String) throws {
        let sandbox = try DeviceSetSandbox()
        let error = deviceSetError { _ = try sandbox.set.create(name: name, deviceType: "iPhone 15", runtime: nil) }
        #expect(error?.simctl().exitCode == 64)
        #expect(error?.simctl().description.contains(problem) == true, "\(String(describing: error))")
        #expect(error?.simctl().description.hasSuffix("Choose another name.") == true)
        #expect(try sandbox.set.devices().isEmpty)
    }

    @Test func aSetBelowAFileIsAnErrorNotAnEmptySet() throws {
        let sandbox = try DeviceSetSandbox()
        let file = sandbox.folder.appendingPathComponent("file")
        try sandbox.fileSystem.writeAtomically(Data("x".utf8), to: file)
        let set = DeviceSet(path: file.appendingPathComponent("x"), fileSystem: sandbox.fileSystem, clock: sandbox.clock,
                            random: SplitMix64(seed: 1), apps: ReferenceApps.all)
        #expect(deviceSetError { _ = try set.listing(section: nil, searchTerm: nil) }
                == .unusableSet(path: file.appendingPathComponent("x"), reason: "a folder above it is a file"))
    }

    @Test func anEmptyDeviceSetVariableIsRefusedLikeAnEmptyFlag() throws {
        #expect(throws: DeviceSetError.emptySetVariable("PHOTOSIM_DEVICE_SET")) { _ = try DeviceSetLocation.defaultPath(environment: ["PHOTOSIM_DEVICE_SET": "", "HOME": "/h"]) }
        #expect(try DeviceSetLocation.defaultPath(environment: ["HOME": "/h"]) == "/h/.photosim/Devices")
    }

    @Test func theChosenSetIsTheGivenOneElseTheDefaultMadeAbsolute() throws {
        let environment = ["PHOTOSIM_DEVICE_SET": "env-set", "HOME": "/h"]
        #expect(try DeviceSetLocation.chosenPath(given: "Devices", environment: environment, currentFolder: "/work") == "/work/Devices")
        #expect(try DeviceSetLocation.chosenPath(given: "/abs", environment: environment, currentFolder: "/work") == "/abs")
        #expect(try DeviceSetLocation.chosenPath(given: nil, environment: environment, currentFolder: "/work") == "/work/env-set")
        #expect(try DeviceSetLocation.chosenPath(given: nil, environment: [:], currentFolder: "/work") == nil)
        #expect(throws: DeviceSetError.emptySetVariable("PHOTOSIM_DEVICE_SET")) {
            _ = try DeviceSetLocation.chosenPath(given: nil, environment: ["PHOTOSIM_DEVICE_SET": ""], currentFolder: "/work")
        }
    }
}

extension DeviceSetSandbox {
    /// Rewrites one device.json through a JSON dictionary, as a person editing it would.
    func editRecord(_ recordPath: String, _ change: (inout [String: Any]) -> Void) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: fileSystem.contents(of: recordPath)) as? [String: Any])
        change(&object)
        try fileSystem.writeAtomically(try JSONSerialization.data(withJSONObject: object), to: recordPath)
    }
}
