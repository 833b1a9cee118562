import Foundation
import Platform

/// The lines installd writes to `mobile_installation.log.0` when it installs an app, in its own
/// format: a `ctime`-style local timestamp, the process id in brackets, the level, the thread,
/// the Objective-C method and the message.
///
/// ```
/// Mon Apr  7 06:13:52 2025 [234] <notice> (0x16b48f000) -[MIInstallableBundle _refreshUUIDForContainer:withError:]: Data container for org.whispersystems.signal is now at /private/var/mobile/Containers/Data/Application/99FCC994-...
/// ```
///
/// The messages are quoted from a device's log in a public FCSC 2025 "iBackdoor" write-up
/// (`Installing <MIInstallableBundle ID=...; Version=703, ShortVersion=7.53>`, `Made container live
/// for ... at ...`, `Data container for ... is now at ...`, `Install Successful for
/// (Customer:...); Staging: ...`) and match what abrignoni/iLEAPP's `mobileInstall.py` parses.
/// PhotoSim writes the host paths of the containers, the time in UTC (a simulator's clock has no
/// zone of its own here), and a fixed process and thread id (installd has no process here), so
/// the same clock gives the same bytes.
public enum MobileInstallationLog {
    /// The process id written in brackets.
    public static let processIdentifier = 100
    /// The thread written in parentheses.
    public static let thread = "0x16b48f000"

    /// The lines for installing one app whose containers are at the given paths.
    public static func installLines(bundleIdentifier: BundleIdentifier, bundleVersion: String, shortVersion: String,
                                    bundleContainerPath: String, dataContainerPath: String, at date: Date) -> [String] {
        let id = bundleIdentifier.rawValue
        let live = "-[MIContainer makeContainerLiveReplacingContainer:reason:waitForDeletion:withError:]"
        return [
            line(date, "-[MIInstaller _installInstallable:containingSymlink:error:]",
                 "Installing <MIInstallableBundle ID=\(id); Version=\(bundleVersion), ShortVersion=\(shortVersion)>"),
            line(date, "-[MIInstallableBundle _refreshUUIDForContainer:withError:]",
                 "Data container for \(id) is now at \(dataContainerPath)"),
            line(date, live, "Made container live for \(id) at \(dataContainerPath)"),
            line(date, live, "Made container live for \(id) at \(bundleContainerPath)"),
            line(date, "-[MIInstaller performInstallationWithError:]",
                 "Install Successful for (Customer:\(id)); Staging: 0.00s; Waiting: 0.00s; Preflight/Patch: 0.00s, "
                    + "Verifying: 0.00s; Overall: 0.00s"),
        ]
    }

    /// The line for uninstalling one app, in the shape of installd's `MIUninstaller` messages
    /// (`Uninstalling identifier <id>`, the text iLEAPP's `mobileInstall.py` looks for).
    public static func uninstallLines(bundleIdentifier: BundleIdentifier, at date: Date) -> [String] {
        [line(date, "-[MIUninstaller _uninstallBundleWithIdentity:linkedToChildren:waitForDeletion:uninstallReason:temporaryReference:wasLastReference:error:]",
              "Uninstalling identifier \(bundleIdentifier.rawValue)")]
    }

    /// One line without its newline.
    static func line(_ date: Date, _ method: String, _ message: String) -> String {
        "\(timestamp(date)) [\(processIdentifier)] <notice> (\(thread)) \(method): \(message)"
    }

    /// `Mon Apr  7 06:13:52 2025`: `ctime`'s layout (day padded with a space), in UTC.
    static func timestamp(_ date: Date) -> String {
        var time = time_t(Int(date.timeIntervalSince1970.rounded(.down)))
        var parts = tm()
        gmtime_r(&time, &parts)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let clock = String(format: "%2d %02d:%02d:%02d %d", Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min),
                           Int(parts.tm_sec), Int(parts.tm_year) + 1900)
        return weekdays[Int(parts.tm_wday)] + " " + months[Int(parts.tm_mon)] + " " + clock
    }
}
