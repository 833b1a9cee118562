/// The device types and runtimes a device set can create devices from.
///
/// The standard catalogue has four types, each with the rear and front cameras its hardware has,
/// from Apple's technical specifications pages (support.apple.com):
///
/// | type | rear | front |
/// |---|---|---|
/// | iPhone 15 | 12 MP (see below) | 12 MP TrueDepth |
/// | iPhone SE (3rd generation) | 12 MP Wide | 7 MP FaceTime HD |
/// | iPad (10th generation) | 12 MP Wide | 12 MP Ultra Wide |
/// | iPod touch (7th generation) | 8 MP | 1.2 MP FaceTime HD |
///
/// The iPhone 15's main camera has a 48 MP sensor and Apple's Camera app saves 24 MP by
/// default; the size `UIImagePickerController` hands an app on it is not verified, and we keep
/// 12 MP (4032 × 3024), what a capture gives without asking for more.
///
/// Apple's Simulator itself has no camera on any device type, which is why the reference texts'
/// apps crash there; that is a property of a device here (``DeviceRecord/withoutCamera``,
/// `simctl create --no-camera`, a scenario's `camera: none`), not of a type.
///
/// A type runs the runtimes from its ``DeviceType/minimumRuntimeVersion`` to its
/// ``DeviceType/maximumRuntimeVersion``, as CoreSimulator's device type profiles say: the iPod
/// touch (7th generation) stops at iOS 15 (`maxRuntimeVersionString` `15.255.255` in
/// `simctl list devicetypes -j`, quoted in wix/AppleSimulatorUtils issue 119; Apple's support
/// pages list iOS 15 as its last release), so the catalogue has an iOS 15.5 runtime for it.
///
/// ```swift
/// let catalogue = DeviceCatalogue.standard
/// catalogue.deviceType(matching: "iPhone 15")?.identifier // com.apple.CoreSimulator.SimDeviceType.iPhone-15
/// ```
public struct DeviceCatalogue: Sendable {
    /// Sorted by name.
    public let deviceTypes: [DeviceType]
    /// Sorted by version, oldest first.
    public let runtimes: [Runtime]

    public init(deviceTypes: [DeviceType], runtimes: [Runtime]) {
        self.deviceTypes = deviceTypes.sorted { $0.name < $1.name }
        self.runtimes = runtimes.sorted { $0.versionComponents.lexicographicallyPrecedes($1.versionComponents) }
    }

    /// A device type by identifier or by exact name (both accepted by `simctl create`).
    public func deviceType(matching text: String) -> DeviceType? {
        deviceTypes.first { $0.identifier == text } ?? deviceTypes.first { $0.name == text }
    }

    /// A runtime by identifier or by exact name (`iOS 17.0`).
    public func runtime(matching text: String) -> Runtime? {
        runtimes.first { $0.identifier == text } ?? runtimes.first { $0.name == text }
    }

    /// Whether devices of `deviceType` can run `runtime`: its version lies between the type's
    /// minimum and maximum.
    public func supports(_ deviceType: DeviceType, on runtime: Runtime) -> Bool {
        let version = RuntimeVersion(runtime.version)
        return !version.precedes(RuntimeVersion(deviceType.minimumRuntimeVersion))
            && !RuntimeVersion(deviceType.maximumRuntimeVersion).precedes(version)
    }

    /// The newest available runtime `deviceType` runs: what `simctl create` uses when no
    /// runtime is given (Apple's usage: "the newest runtime compatible with the device type").
    public func newestAvailableRuntime(for deviceType: DeviceType) -> Runtime? {
        runtimes.last { $0.isAvailable && supports(deviceType, on: $0) }
    }

    /// The device types a runtime supports, sorted by name (`supportedDeviceTypes` in `list --json`).
    public func deviceTypes(supportedBy runtime: Runtime) -> [DeviceType] {
        deviceTypes.filter { supports($0, on: runtime) }
    }

    /// The newest available runtime: what `simctl create` uses when none is given.
    public var newestAvailableRuntime: Runtime? { runtimes.last { $0.isAvailable } }

    /// The catalogue every device set uses unless told otherwise.
    public static var standard: DeviceCatalogue {
        DeviceCatalogue(deviceTypes: standardDeviceTypes, runtimes: standardRuntimes)
    }

    private static var standardDeviceTypes: [DeviceType] {
        let gibibyte = 1 << 30
        return [
            DeviceType(name: "iPhone 15", identifier: "com.apple.CoreSimulator.SimDeviceType.iPhone-15",
                       productFamily: .iPhone, modelIdentifier: "iPhone15,4", rearCamera: .twelveMegapixel, frontCamera: .twelveMegapixel,
                       screenScale: 3, screenPixelWidth: 1179, screenPixelHeight: 2556,
                       memoryBytes: 6 * gibibyte, minimumRuntimeVersion: "17.0.0"),
            DeviceType(name: "iPhone SE (3rd generation)",
                       identifier: "com.apple.CoreSimulator.SimDeviceType.iPhone-SE-3rd-generation",
                       productFamily: .iPhone, modelIdentifier: "iPhone14,6", rearCamera: .twelveMegapixel, frontCamera: .sevenMegapixel,
                       screenScale: 2, screenPixelWidth: 750, screenPixelHeight: 1334,
                       memoryBytes: 4 * gibibyte, minimumRuntimeVersion: "15.4.0"),
            DeviceType(name: "iPad (10th generation)",
                       identifier: "com.apple.CoreSimulator.SimDeviceType.iPad-10th-generation",
                       productFamily: .iPad, modelIdentifier: "iPad13,18", rearCamera: .twelveMegapixel, frontCamera: .twelveMegapixel,
                       screenScale: 2, screenPixelWidth: 1640, screenPixelHeight: 2360,
                       memoryBytes: 4 * gibibyte, minimumRuntimeVersion: "16.1.0"),
            DeviceType(name: "iPod touch (7th generation)",
                       identifier: "com.apple.CoreSimulator.SimDeviceType.iPod-touch--7th-generation-",
                       productFamily: .iPod, modelIdentifier: "iPod9,1", rearCamera: .eightMegapixel, frontCamera: .onePointTwoMegapixel,
                       screenScale: 2, screenPixelWidth: 640, screenPixelHeight: 1136,
                       memoryBytes: 2 * gibibyte, minimumRuntimeVersion: "12.3.1", maximumRuntimeVersion: "15.255.255"),
        ]
    }

    /// Build numbers as Apple shipped them (iOS 16.4 is 20E247, iOS 17.0 is 21A328, as printed by
    /// `simctl list runtimes` in public test fixtures, e.g. flutter's simulators_test.dart; iOS 15.5
    /// is 19F70, Xcode 13.4's simulator runtime).
    private static var standardRuntimes: [Runtime] {
        [
            Runtime(name: "iOS 15.5", identifier: "com.apple.CoreSimulator.SimRuntime.iOS-15-5", version: "15.5",
                    buildVersion: "19F70", platform: "iOS", isAvailable: true),
            Runtime(name: "iOS 16.4", identifier: "com.apple.CoreSimulator.SimRuntime.iOS-16-4", version: "16.4",
                    buildVersion: "20E247", platform: "iOS", isAvailable: true),
            Runtime(name: "iOS 17.0", identifier: "com.apple.CoreSimulator.SimRuntime.iOS-17-0", version: "17.0",
                    buildVersion: "21A328", platform: "iOS", isAvailable: true),
        ]
    }
}
