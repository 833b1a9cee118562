/// Where a device is in its life, with the exact strings Apple's `simctl list` prints.
///
/// CoreSimulator's states are `Creating`, `Shutdown`, `Booting`, `Booted` and `Shutting Down`
/// (the last with a space, as `simctl list` prints it; see Blackjacx/Assist pull request 53,
/// "Handle Shutting Down simctl status"). The raw values are those strings, so `device.json` and
/// `list --json` carry them unchanged. `Erasing` is PhotoSim's own: it marks a device whose erase
/// has begun, so an erase cut short is visible rather than a device without apps.
public enum DeviceState: String, Sendable, Codable, CaseIterable {
    /// The device folder is being laid out. A device left here was interrupted: it is listed as
    /// unavailable, `erase` finishes it and `delete unavailable` removes it.
    case creating = "Creating"
    /// Its contents are being erased and laid out again. A device left here was interrupted: it
    /// is listed as unavailable, `erase` finishes it and `delete unavailable` removes it.
    case erasing = "Erasing"
    /// Not running. Erase and delete need this state.
    case shutdown = "Shutdown"
    /// Starting up (a transient state: our boot is instantaneous, but a record may say so).
    case booting = "Booting"
    /// Running: apps can be launched and media added.
    case booted = "Booted"
    /// Stopping (transient, like `booting`).
    case shuttingDown = "Shutting Down"

    /// Whether a `create` or `erase` began and has not finished (it may have been killed).
    public var isUnfinished: Bool { self == .creating || self == .erasing }
}
