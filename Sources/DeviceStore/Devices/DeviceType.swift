/// One kind of device that can be created: its identity as `simctl` knows it and the hardware
/// facts the simulator models (camera, screen, memory).
///
/// Memory: `memoryBytes` is the device's RAM; `jetsamLimitBytes` is the footprint at which iOS
/// terminates a foreground app. Apple publishes no per-device figure. Community measurements
/// (the "iOS app max memory budget" crash list on Stack Overflow, question 5887248, and reports on
/// the Apple Developer Forums such as thread 826325) put the limit between about 50 % and 70 % of
/// RAM. We use 60 % of RAM for every type (``DeviceType/jetsamLimit(forMemoryBytes:)``), so a
/// test that passes here leaves headroom on the devices measured at the low end.
///
/// ```swift
/// let phone = DeviceCatalogue.standard.deviceType(named: "iPhone 15")!
/// phone.rearCamera.megapixels // 12
/// ```
///
/// Every type has the cameras its hardware has, a rear and a front one. Whether a device has
/// them at all is the device's: Apple's Simulator has no camera on any device, and a device
/// made with `simctl create --no-camera` (or a scenario's `camera: none`) is like it
/// (``Device/hasCamera``).
public struct DeviceType: Sendable, Equatable {
    /// The display name (`iPhone 15`), also accepted by `simctl create` in place of the identifier.
    public let name: String
    /// CoreSimulator's identifier (`com.apple.CoreSimulator.SimDeviceType.iPhone-15`).
    public let identifier: String
    public let productFamily: ProductFamily
    /// The hardware model (`iPhone15,4`), as `list --json` prints it in `modelIdentifier`.
    public let modelIdentifier: String
    /// The rear camera (`UIImagePickerController.CameraDevice.rear`).
    public let rearCamera: CameraSpecification
    /// The front camera (`UIImagePickerController.CameraDevice.front`).
    public let frontCamera: CameraSpecification
    /// The size of the photo the simulated camera takes: the rear camera's (also on a device
    /// made without cameras, where only an injected camera takes pictures).
    public var cameraPhotoSize: (width: Int, height: Int) {
        (rearCamera.photoPixelWidth, rearCamera.photoPixelHeight)
    }
    /// Points to pixels (2 or 3).
    public let screenScale: Int
    public let screenPixelWidth: Int
    public let screenPixelHeight: Int
    /// Physical memory.
    public let memoryBytes: Int
    /// The footprint above which the system kills a foreground app.
    public let jetsamLimitBytes: Int
    /// The oldest runtime version the type runs, as `major.minor.patch`.
    public let minimumRuntimeVersion: String
    /// The newest runtime version the type runs, as `major.minor.patch` (CoreSimulator's
    /// `maxRuntimeVersionString`; `65535.255.255` when there is no limit).
    public let maximumRuntimeVersion: String

    /// The `maximumRuntimeVersion` of a type without a limit, as CoreSimulator prints it.
    public static let unlimitedRuntimeVersion = "65535.255.255"

    public init(
        name: String, identifier: String, productFamily: ProductFamily, modelIdentifier: String,
        rearCamera: CameraSpecification, frontCamera: CameraSpecification, screenScale: Int, screenPixelWidth: Int, screenPixelHeight: Int,
        memoryBytes: Int, minimumRuntimeVersion: String, maximumRuntimeVersion: String = DeviceType.unlimitedRuntimeVersion
    ) {
        self.name = name
        self.identifier = identifier
        self.productFamily = productFamily
        self.modelIdentifier = modelIdentifier
        self.rearCamera = rearCamera
        self.frontCamera = frontCamera
        self.screenScale = screenScale
        self.screenPixelWidth = screenPixelWidth
        self.screenPixelHeight = screenPixelHeight
        self.memoryBytes = memoryBytes
        self.jetsamLimitBytes = DeviceType.jetsamLimit(forMemoryBytes: memoryBytes)
        self.minimumRuntimeVersion = minimumRuntimeVersion
        self.maximumRuntimeVersion = maximumRuntimeVersion
        checkInvariants()
    }

    /// The jetsam limit we model: 60 % of RAM, in whole mebibytes.
    public static func jetsamLimit(forMemoryBytes memoryBytes: Int) -> Int {
        let mebibyte = 1 << 20
        return memoryBytes / mebibyte * 60 / 100 * mebibyte
    }

    /// Traps when the type's facts contradict each other (a programmer error in the catalogue).
    public func checkInvariants() {
        precondition(!name.isEmpty && identifier.hasPrefix("com.apple.CoreSimulator.SimDeviceType."),
                     "device type \(name) needs a CoreSimulator identifier")
        precondition(screenScale == 2 || screenScale == 3, "screen scale is 2 or 3")
        precondition(jetsamLimitBytes > 0 && jetsamLimitBytes < memoryBytes, "jetsam limit is below RAM")
        precondition(!RuntimeVersion(maximumRuntimeVersion).precedes(RuntimeVersion(minimumRuntimeVersion)),
                     "device type \(name) runs some runtime")
    }
}
