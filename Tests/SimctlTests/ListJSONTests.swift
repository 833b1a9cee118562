import Foundation
import Simulator
import Testing

/// `simctl list -j` read as strictly as clients read it: every key Apple prints, with Apple's
/// types, and the paths it names readable.
@Suite("simctl list -j, strictly")
struct ListJSONTests {
    /// A JSON type as clients check it.
    enum Kind: Equatable { case string, integer, boolean, array, object }

    /// JSON as `JSONDecoder` reads it: strict about types, so `true` is never a number.
    enum Value: Decodable {
        case string(String), integer(Int), boolean(Bool), array([Value]), object([String: Value])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) { self = .boolean(flag) }
            else if let number = try? container.decode(Int.self) { self = .integer(number) }
            else if let text = try? container.decode(String.self) { self = .string(text) }
            else if let items = try? container.decode([Value].self) { self = .array(items) }
            else { self = .object(try container.decode([String: Value].self)) }
        }

        var kind: Kind {
            switch self {
            case .string: return .string
            case .integer: return .integer
            case .boolean: return .boolean
            case .array: return .array
            case .object: return .object
            }
        }
    }

    /// The kind of a value `JSONSerialization` returned, read again strictly from its key.
    static let deviceTypeKeys: [String: Kind] = [
        "name": .string, "identifier": .string, "bundlePath": .string, "productFamily": .string, "modelIdentifier": .string,
        "minRuntimeVersionString": .string, "minRuntimeVersion": .integer, "maxRuntimeVersionString": .string,
        "maxRuntimeVersion": .integer,
    ]
    static let runtimeKeys: [String: Kind] = [
        "name": .string, "identifier": .string, "version": .string, "buildversion": .string, "platform": .string,
        "bundlePath": .string, "runtimeRoot": .string, "isAvailable": .boolean, "isInternal": .boolean,
        "supportedArchitectures": .array, "supportedDeviceTypes": .array,
    ]
    static let supportedDeviceTypeKeys: [String: Kind] = [
        "name": .string, "identifier": .string, "bundlePath": .string, "productFamily": .string,
    ]
    static let deviceKeys: [String: Kind] = [
        "udid": .string, "name": .string, "state": .string, "isAvailable": .boolean, "deviceTypeIdentifier": .string,
        "dataPath": .string, "dataPathSize": .integer, "logPath": .string, "logPathSize": .integer,
    ]

    /// The keys of `object` that are missing, extra (beyond `optional`) or of the wrong type.
    static func problems(_ value: Value, _ expected: [String: Kind], optional: [String: Kind] = [:]) -> [String] {
        guard case .object(let object) = value else { return ["not an object"] }
        var problems = expected.keys.filter { object[$0] == nil }.map { "missing \($0)" }
        for (key, value) in object {
            guard let wanted = expected[key] ?? optional[key] else { problems.append("extra \(key)"); continue }
            if value.kind != wanted { problems.append("\(key) is \(value.kind), not \(wanted)") }
        }
        return problems.sorted()
    }

    /// The items of an array-valued key of an object.
    static func items(_ value: Value?, _ key: String) -> [Value] {
        guard case .object(let object) = value, case .array(let items) = object[key] else { return [] }
        return items
    }

    @Test func everyItemHasAppleKeysAndTypesAndItsPathsExist() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        _ = try runner.createDevice("Pod", type: "iPod touch (7th generation)")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let result = try runner.run(["list", "-j"])
        #expect(result.exitCode == 0 && result.standardError.isEmpty, "\(result)")
        let strict = try JSONDecoder().decode(Value.self, from: Data(result.standardOutput.utf8))
        for type in Self.items(strict, "devicetypes") {
            #expect(Self.problems(type, Self.deviceTypeKeys).isEmpty, "\(Self.problems(type, Self.deviceTypeKeys))")
        }
        for runtime in Self.items(strict, "runtimes") {
            let problems = Self.problems(runtime, Self.runtimeKeys, optional: ["lastUsage": .object])
            #expect(problems.isEmpty, "\(problems)")
            for supported in Self.items(runtime, "supportedDeviceTypes") {
                #expect(Self.problems(supported, Self.supportedDeviceTypeKeys).isEmpty, "\(Self.problems(supported, Self.supportedDeviceTypeKeys))")
            }
        }
        if case .object(let strictRoot) = strict, case .object(let byRuntime) = strictRoot["devices"] {
            for case .array(let devices) in byRuntime.values {
                for device in devices {
                    let problems = Self.problems(device, Self.deviceKeys, optional: ["lastBootedAt": .string])
                    #expect(problems.isEmpty, "\(problems)")
                }
            }
        } else {
            Issue.record("devices is not an object of runtimes")
        }

        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(Set(root.keys) == ["devicetypes", "runtimes", "devices", "pairs"])

        for type in try #require(root["devicetypes"] as? [[String: Any]]) {
            let bundle = try #require(type["bundlePath"] as? String)
            let profile = try PropertyListSerialization.propertyList(
                from: try Data(contentsOf: URL(fileURLWithPath: bundle + "/Contents/Resources/profile.plist")), format: nil)
            #expect((profile as? [String: Any])?["modelIdentifier"] as? String == type["modelIdentifier"] as? String)
        }
        #expect((root["devicetypes"] as? [[String: Any]])?.first { $0["name"] as? String == "iPhone 15" }?["maxRuntimeVersion"]
                as? Int == 4_294_967_295, "65535.255.255 packed, as Apple prints it")

        for runtime in try #require(root["runtimes"] as? [[String: Any]]) {
            let rootPath = try #require(runtime["runtimeRoot"] as? String)
            let version = try PropertyListSerialization.propertyList(
                from: try Data(contentsOf: URL(fileURLWithPath: rootPath + "/System/Library/CoreServices/SystemVersion.plist")),
                format: nil) as? [String: Any]
            #expect(version?["ProductVersion"] as? String == runtime["version"] as? String)
            #expect(version?["ProductBuildVersion"] as? String == runtime["buildversion"] as? String)
            #expect((runtime["lastUsage"] != nil) == (runtime["name"] as? String == "iOS 17.0"), "only the booted phone's runtime was used")
        }

        let devices = try #require(root["devices"] as? [String: [[String: Any]]])
        let all = devices.values.flatMap { $0 }
        #expect(all.count == 2)
        for device in all {
            let udid = try #require(device["udid"] as? String)
            let plist = try PropertyListSerialization.propertyList(
                from: try Data(contentsOf: URL(fileURLWithPath: runner.setPath + "/" + udid + "/device.plist")), format: nil) as? [String: Any]
            #expect(plist?["name"] as? String == device["name"] as? String)
            #expect(plist?["state"] as? Int == (device["state"] as? String == "Booted" ? 3 : 1))
        }
        let booted = try #require(all.first { $0["udid"] as? String == phone })
        let stamp = try #require(booted["lastBootedAt"] as? String)
        #expect(stamp.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression) != nil)
        #expect(all.first { $0["udid"] as? String != phone }?["lastBootedAt"] == nil, "never booted, no lastBootedAt")
    }
}
