/// A device as a device set reports it: its record, its paths, and its type and runtime looked
/// up in the set's catalogue.
///
/// A device whose type or runtime the catalogue does not know is listed as unavailable
/// (`isAvailable` false, `availabilityError` set), as Apple lists devices of a removed runtime,
/// and `simctl delete unavailable` removes it. So is a device whose `create` or `erase` has not
/// finished (state `Creating` or `Erasing`): `simctl erase` finishes it.
public struct Device: Sendable, Equatable {
    public let record: DeviceRecord
    public let paths: DevicePaths
    public let deviceType: DeviceType?
    public let runtime: Runtime?

    public init(record: DeviceRecord, paths: DevicePaths, catalogue: DeviceCatalogue) {
        self.record = record
        self.paths = paths
        self.deviceType = catalogue.deviceType(matching: record.deviceTypeIdentifier)
        self.runtime = catalogue.runtime(matching: record.runtimeIdentifier)
    }

    public var udid: DeviceUDID { record.udid }
    public var name: String { record.name }
    public var state: DeviceState { record.state }
    /// Whether the device has its type's cameras: false for one made with
    /// `simctl create --no-camera` (``DeviceRecord/withoutCamera``), like Apple's Simulator.
    public var hasCamera: Bool { record.withoutCamera != true }

    /// Whether the device can be used: it is fully laid out, its type and runtime exist and the
    /// runtime is available.
    public var isAvailable: Bool { availabilityError == nil }

    /// The reasons given for a device whose `create` or `erase` has not finished.
    public static let unfinishedCreationReason = "creation has not finished"
    public static let unfinishedEraseReason = "erase has not finished"

    /// Why the device is unavailable, in Apple's words (`runtime profile not found`) where Apple
    /// has them, or `nil`.
    public var availabilityError: String? {
        if state == .creating { return Device.unfinishedCreationReason }
        if state == .erasing { return Device.unfinishedEraseReason }
        if runtime == nil || runtime?.isAvailable == false { return "runtime profile not found" }
        if deviceType == nil { return "device type profile not found" }
        return nil
    }
}
