import Foundation

/// `simctl list -j`'s answer as client libraries decode it: every key they read, with its type.
/// `JSONDecoder` refuses a missing key or a value of another type (a number where a Bool
/// belongs, a string where a number does); keys nobody reads are allowed.
struct ListJSON: Decodable {
    struct DeviceType: Decodable {
        let identifier: String
        let name: String
        let productFamily: String
        let minRuntimeVersion: Int
        let maxRuntimeVersion: Int
        let minRuntimeVersionString: String
        let maxRuntimeVersionString: String
    }

    struct Runtime: Decodable {
        struct SupportedType: Decodable {
            let identifier: String
            let name: String
        }

        let identifier: String
        let name: String
        let version: String
        let buildversion: String
        let isAvailable: Bool
        let platform: String
        let supportedDeviceTypes: [SupportedType]
    }

    struct Device: Decodable {
        let udid: String
        let name: String
        let state: String
        let isAvailable: Bool
        let deviceTypeIdentifier: String
        let dataPath: String
        let logPath: String
    }

    struct Pair: Decodable {}

    let devicetypes: [DeviceType]
    let runtimes: [Runtime]
    let devices: [String: [Device]]
    let pairs: [String: Pair]

    /// The devices of one runtime's key, all runtimes' keys being runtime identifiers.
    func device(_ udid: String) -> (runtime: String, device: Device)? {
        for (runtime, devices) in devices.sorted(by: { $0.key < $1.key }) {
            if let device = devices.first(where: { $0.udid == udid }) { return (runtime, device) }
        }
        return nil
    }
}

/// `simctl media list -j`'s answer: one object per photo.
struct MediaAssetJSON: Decodable {
    let localIdentifier: String
    let originalFilename: String
    let missing: Bool
}
