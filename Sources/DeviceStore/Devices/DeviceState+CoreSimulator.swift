extension DeviceState {
    /// The number CoreSimulator stores for the state in `device.plist`: Creating 0, Shutdown 1,
    /// Booting 2, Booted 3, Shutting Down 4 (WebKit's `SimulatedDevice.DeviceState` in
    /// Tools/Scripts/webkitpy/xcode/simulated_device.py, which reads these files). `Erasing` is
    /// PhotoSim's own and is written as 0: like a device being created, it is being laid out and
    /// cannot be used.
    public var coreSimulatorNumber: Int {
        switch self {
        case .creating, .erasing: return 0
        case .shutdown: return 1
        case .booting: return 2
        case .booted: return 3
        case .shuttingDown: return 4
        }
    }
}
