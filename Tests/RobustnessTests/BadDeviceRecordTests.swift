import Foundation
import Simulator
import Testing

/// Damaged and hostile `device.json` files through the one record reader: each is read, or is
/// refused with a message that names the file and the field.
@Suite struct BadDeviceRecordTests {
    static let udid = "F775F87A-1FCA-4662-AE01-BB0C0BCEC5CC"
    static let path = "/set/\(udid)/device.json"

    /// A sound record of a booted device running one app; each case changes one thing.
    nonisolated(unsafe) static let sound: [String: Any] = [
        "formatVersion": 1, "udid": udid, "name": "My iPhone",
        "deviceTypeIdentifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-15",
        "runtimeIdentifier": "com.apple.CoreSimulator.SimRuntime.iOS-17-0",
        "state": "Booted", "lastBootedAt": "2026-12-01T11:35:00Z", "nextProcessIdentifier": 1002,
        "runningApplications": ["com.photosim.MyLocations": 1001],
        "installedApplications": [app()],
    ]

    static func app(folder: String = "MyLocations.app", data: String = "7D2C1B0A-9E8F-4A6B-8C5D-1E2F3A4B5C6D") -> [String: Any] {
        ["bundleIdentifier": "com.photosim.MyLocations", "bundleFolderName": folder,
         "bundleContainerIdentifier": "0B8F3C5E-5A43-4F43-9E5B-3C1A2F7D9E01", "dataContainerIdentifier": data]
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: Data
        /// nil: read as sound; else a phrase of the refusal.
        let refusal: String?
        var testDescription: String { name }
    }

    static func changed(_ name: String, _ refusal: String?, _ change: (inout [String: Any]) -> Void) -> Case {
        var record = sound
        change(&record)
        let bytes = try! JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
        return Case(name: name, bytes: bytes, refusal: refusal)
    }

    static func text(_ name: String, _ text: String, _ refusal: String) -> Case {
        Case(name: name, bytes: Data(text.utf8), refusal: refusal)
    }

    static let all: [Case] = [
        changed("sound", nil) { _ in },
        changed("lower-case-udid", nil) { $0["udid"] = udid.lowercased() },
        text("empty", "", "not valid JSON"),
        text("truncated", "{\"formatVersion\": 1, \"udid\": \"", "not valid JSON"),
        text("binary", "\u{0}\u{1}\u{2}\u{FFFD}", "not valid JSON"),
        text("array", "[]", "is not of type"),
        text("deeply-nested", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), "not valid JSON"),
        changed("missing-name", "`name` is missing") { $0["name"] = nil },
        changed("null-name", "`name` is null") { $0["name"] = NSNull() },
        changed("name-a-number", "`name`") { $0["name"] = 7 },
        changed("name-with-newline", "`name`") { $0["name"] = "two\nlines" },
        changed("name-blank", "`name`") { $0["name"] = "   " },
        changed("name-nul", "`name`") { $0["name"] = "a\u{0}b" },
        changed("format-2", "`formatVersion` is 2") { $0["formatVersion"] = 2 },
        changed("format-huge", "too large") { $0["formatVersion"] = Decimal(string: "1e30")! },
        changed("pid-huge", "too large") { $0["nextProcessIdentifier"] = Decimal(string: "99999999999999999999")! },
        changed("pid-max", "`nextProcessIdentifier`") { $0["nextProcessIdentifier"] = Int(Int32.max) },
        changed("pid-zero", "`nextProcessIdentifier`") { $0["nextProcessIdentifier"] = 0 },
        changed("pid-fraction", "a fraction where a whole number belongs") { $0["nextProcessIdentifier"] = 1001.5 },
        changed("running-pid-out-of-range", "outside 1001...2147483646") { $0["runningApplications"] = ["com.photosim.MyLocations": 7] },
        changed("running-on-shutdown", "not Booted") { $0["state"] = "Shutdown" },
        changed("running-two-same-pid", "same pid") {
            $0["runningApplications"] = ["com.photosim.MyLocations": 1001, "com.photosim.LootLogger": 1001]
        },
        changed("running-not-a-bundle", "not a bundle identifier") { $0["runningApplications"] = ["../../etc": 1001] },
        changed("unknown-state", "`state`") { $0["state"] = "Exploded" },
        changed("date-not-iso", "not an ISO 8601 date") { $0["lastBootedAt"] = "yesterday" },
        changed("date-year-1", "outside the years") { $0["lastBootedAt"] = "0001-01-01T00:00:00Z" },
        changed("date-a-number", "`lastBootedAt`") { $0["lastBootedAt"] = 1e300 },
        changed("udid-not-a-uuid", "not a UDID") { $0["udid"] = "../../evil" },
        changed("udid-of-another-device", "belongs to device") { $0["udid"] = "00000000-0000-0000-0000-000000000001" },
        changed("type-empty", "`deviceTypeIdentifier` is empty") { $0["deviceTypeIdentifier"] = "" },
        changed("runtime-control", "`runtimeIdentifier`") { $0["runtimeIdentifier"] = "iOS\u{7}17" },
        changed("app-folder-up-and-out", "bundleFolderName") { $0["installedApplications"] = [app(folder: "../../../x.app")] },
        changed("app-folder-absolute", "bundleFolderName") { $0["installedApplications"] = [app(folder: "/etc/x.app")] },
        changed("app-folder-dot", "bundleFolderName") { $0["installedApplications"] = [app(folder: "..app")] },
        changed("app-folder-nul", "bundleFolderName") { $0["installedApplications"] = [app(folder: "My\u{0}/x.app")] },
        changed("app-container-path", "dataContainerIdentifier") { $0["installedApplications"] = [app(data: "../../../../tmp")] },
        changed("app-container-lower-case", "dataContainerIdentifier") {
            $0["installedApplications"] = [app(data: "7d2c1b0a-9e8f-4a6b-8c5d-1e2f3a4b5c6d")]
        },
        changed("apps-repeated", "without repeats") { $0["installedApplications"] = [app(), app()] },
        changed("apps-not-an-array", "`installedApplications`") { $0["installedApplications"] = ["a": 1] },
    ]

    @Test(arguments: all)
    func theReaderReadsOrNamesTheFileAndField(_ input: Case) {
        guard let udid = DeviceUDID(Self.udid) else { preconditionFailure("a UDID") }
        let result = Result { () throws(DeviceRecordError) in try DeviceRecord.decode(input.bytes, folder: udid, path: Self.path) }
        switch (input.refusal, result) {
        case (nil, .success(let record)):
            record.checkInvariants()
            #expect((try? DeviceRecord.decode(DeviceRecord.encodedForDisk(record), folder: udid, path: Self.path)) == record)
        case (let phrase?, .failure(let error)):
            #expect(error.description.contains(Self.path), "\(error)")
            #expect(error.description.contains(phrase), "\(error)")
        case (let refusal, let result):
            Issue.record("expected \(refusal ?? "a record"), got \(result)")
        }
    }

    @Test func theCorpusHasTheInputsTheReadmeCounts() {
        #expect(Self.all.count == 39)
        #expect(Set(Self.all.map(\.name)).count == Self.all.count)
    }
}
