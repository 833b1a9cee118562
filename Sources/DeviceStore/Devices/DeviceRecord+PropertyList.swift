import Core

extension DeviceRecord {
    /// What `<set>/<UDID>/device.plist` holds: CoreSimulator's keys `UDID`, `deviceType`, `name`,
    /// `runtime` and `state` (an integer, ``DeviceState/coreSimulatorNumber``), as in the
    /// device.plist files quoted in kallewoof/plget's example and WebKit's simulated_device tests.
    public var propertyList: PropertyListValue {
        .dictionary([
            "UDID": .string(udid.rawValue),
            "deviceType": .string(deviceTypeIdentifier),
            "name": .string(name),
            "runtime": .string(runtimeIdentifier),
            "state": .integer(state.coreSimulatorNumber),
        ])
    }
}
