import Foundation

/// What `simctl bootstatus` saw: the device was booted already, or `-b` booted it.
///
/// Apple's prints `Monitoring boot status for <name> (<UDID>).` first (expo's eas-build parses the
/// UDID from that line), then `Device already booted, nothing to do.` for a booted device (quoted
/// in public Xcode 26 probe logs), or status updates ending in `Finished` while a boot completes
/// (`[2026-10-06 01:05:15 +0000] Status=4294967295, isTerminal=YES, Elapsed=01:03.` then a tab and
/// `Finished`, the Xcode 27 shape kept in public test doubles). PhotoSim's boot is immediate, so it
/// prints the final update only, with `Elapsed=00:00`.
public enum BootStatus: Sendable, Equatable {
    case alreadyBooted(Device)
    case bootedNow(Device, at: Date)

    /// The first line, for a device about to be watched.
    public static func monitoringLine(for device: Device) -> String {
        "Monitoring boot status for \(device.name) (\(device.udid))."
    }

    /// Every line printed after the monitoring line, each ending in a newline.
    public var report: String {
        switch self {
        case .alreadyBooted:
            return "Device already booted, nothing to do.\n"
        case .bootedNow(_, let date):
            return "[\(Timestamp.description(date))] Status=4294967295, isTerminal=YES, Elapsed=00:00.\n\tFinished\n\n"
        }
    }
}
