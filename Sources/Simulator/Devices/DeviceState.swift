/// Where a device is in its life, with the exact strings Apple's `simctl list` prints.
///
/// CoreSimulator's states are `Creating`, `Shutdown`, `Booting`, `Booted` and `Shutting Down`
/// (the last with a space, as `simctl list` prints it; see Blackjacx/Assist pull request 53,
/// "Handle Shutting Down simctl status"). The raw values are those strings, so `device.json` and
/// `list --json` carry them unchanged.
public enum DeviceState: String, Sendable, Codable, CaseIterable {
    /// The device folder is being laid out; a device left here was interrupted and can only be deleted.
    case creating = "Creating"
    /// Not running. Erase and delete need this state.
    case shutdown = "Shutdown"
    /// Starting up (a transient state: our boot is instantaneous, but a record may say so).
    case booting = "Booting"
    /// Running: apps can be launched and media added.
    case booted = "Booted"
    /// Stopping (transient, like `booting`).
    case shuttingDown = "Shutting Down"
}
