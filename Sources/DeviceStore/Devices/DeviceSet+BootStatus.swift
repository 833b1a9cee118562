extension DeviceSet {
    /// Waits for a device to finish booting (`simctl bootstatus <device> [-b]`). Boot is immediate
    /// here, so a booted device is reported at once, and `booting` boots a shut-down one first.
    /// Apple's waits on a shut-down device until something boots it; nothing else boots a PhotoSim
    /// device, so without `booting` that wait would never end and is refused instead
    /// (``DeviceSetError/bootNotStarted(name:udid:state:)``).
    public func bootStatus(_ selector: DeviceSelector, booting: Bool) throws(DeviceSetError) -> BootStatus {
        let device = try device(selector)
        if device.state == .booted { return .alreadyBooted(device) }
        guard booting, device.state == .shutdown else {
            throw .bootNotStarted(name: device.name, udid: device.udid, state: device.state)
        }
        try boot(.udid(device.udid))
        return .bootedNow(try self.device(.udid(device.udid)), at: clock.now)
    }
}
