extension DeviceSet {
    /// Renames a device in any state (`simctl rename <device> <name>`); the name follows the same
    /// rules as `create`'s (``DeviceName/problemNaming(_:)``). The UDID and contents stay.
    public func rename(_ selector: DeviceSelector, to name: String) throws(DeviceSetError) {
        if let problem = DeviceName.problemNaming(name) { throw .invalidName(name, problem: problem) }
        try updateDevice(selector) { (record: inout DeviceRecord, _: Device) throws(DeviceSetError) in
            record.name = name
        }
    }
}
