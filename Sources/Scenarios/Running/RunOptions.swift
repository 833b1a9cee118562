import Simulator

/// How one scenario is run: with which seed, on which device.
public struct RunOptions {
    /// Overrides the header's `seed` (the command line's `--seed`); nil keeps the header's, or
    /// derives one from the scenario's path.
    public var seed: UInt64?
    /// Where the app runs.
    public var target: RunTarget
    /// The chance (0 to 1) that any one file operation of the app fails, drawn from the run's
    /// seed (`simctl run --fault-rate`); 0 injects nothing.
    public var faultRate: Double

    public init(seed: UInt64? = nil, target: RunTarget = .temporaryDevice, faultRate: Double = 0) {
        precondition(faultRate >= 0 && faultRate <= 1, "a fault rate is between 0 and 1, got \(faultRate)")
        self.seed = seed
        self.target = target
        self.faultRate = faultRate
    }
}

/// The device a scenario runs on.
public enum RunTarget {
    /// A fresh device of the header's `device` and `runtime`, in a folder of the runner's work
    /// folder, removed afterwards.
    case temporaryDevice
    /// The app installed on a device of a device set (`simctl`'s), selected by name, UDID or
    /// `booted`; the header's media, permissions and container are applied to it and stay.
    case installed(set: DeviceSet, device: String)
}
