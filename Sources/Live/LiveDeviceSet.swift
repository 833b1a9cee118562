import Core
import Foundation
import Platform
import Simulator

/// The device set a command line works on, with the live seams: the system clock and random
/// source, waiting for locks in real time up to `PHOTOSIM_LOCK_TIMEOUT_SECONDS`. The one opener
/// `simctl` and a team's scenario runner share, so both read the same variables the same way.
///
/// ```swift
/// let set = try LiveDeviceSet.open(given: setOption, environment: ProcessInfo.processInfo.environment,
///                                  processName: "simctl boot", apps: ReferenceApps.all)
/// ```
public enum LiveDeviceSet {
    /// The environment variable that bounds every wait for the set's and a library's lock, in seconds.
    public static let lockTimeoutVariable = "PHOTOSIM_LOCK_TIMEOUT_SECONDS"

    /// How long a wait for a lock may last: `PHOTOSIM_LOCK_TIMEOUT_SECONDS` (0 to 86400, decimals
    /// allowed), else ``DeviceStore/DeviceSet/defaultLockTimeoutSeconds`` (10 s).
    public static func lockTimeoutSeconds(environment: [String: String]) throws(LiveDeviceSetError) -> Double {
        guard let text = environment[lockTimeoutVariable] else { return DeviceSet.defaultLockTimeoutSeconds }
        guard let seconds = Double(text), seconds.isFinite, (0...86_400).contains(seconds) else {
            throw LiveDeviceSetError("\(lockTimeoutVariable) must be a number of seconds from 0 to 86400, not `\(text)`.")
        }
        return seconds
    }

    /// The absolute path of the set: `given` (the `--set` option), else the default one
    /// (``DeviceStore/DeviceSetLocation``), made absolute against the current folder.
    public static func path(given: String?, environment: [String: String]) throws(LiveDeviceSetError) -> String {
        let chosen: String?
        do {
            chosen = try DeviceSetLocation.chosenPath(given: given, environment: environment,
                                                      currentFolder: FileManager.default.currentDirectoryPath)
        } catch {
            throw LiveDeviceSetError(error.description)
        }
        guard let chosen else {
            throw LiveDeviceSetError("No device set: pass --set <path>, or set \(DeviceSetLocation.environmentVariable) or HOME.")
        }
        return chosen
    }

    /// The set at ``path(given:environment:)`` with the live seams; `processName` is how other
    /// processes waiting for its locks are told who holds them, `apps` what a new device gets.
    public static func open(given: String?, environment: [String: String], processName: String,
                            apps: [AppDefinition]) throws(LiveDeviceSetError) -> DeviceSet {
        DeviceSet(path: try path(given: given, environment: environment), fileSystem: POSIXFileSystem(), clock: SystemClock(),
                  random: SystemRandom(), lockWaiting: MonotonicLockWaiting(),
                  lockTimeoutSeconds: try lockTimeoutSeconds(environment: environment), processName: processName, apps: apps)
    }
}

/// Why the live device set could not be opened: a sentence saying what to do.
public struct LiveDeviceSetError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
