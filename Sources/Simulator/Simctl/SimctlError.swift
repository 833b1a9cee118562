import Core
import Foundation

/// An expected failure of a device-set operation, with the text and exit status Apple's
/// `simctl` gives for it where known.
///
/// Apple's exit status for a CoreSimulator error is the error code's low 8 bits: `Invalid device`
/// and `No devices are booted.` exit 148 (404), a command refused in the device's current state
/// exits 149 (405, "Unable to boot device in current state: Booted", seen with status 149 in
/// okwasniewski/MiniSim issue 62 and bazelbuild/rules_apple pull request 2598). POSIX-domain errors
/// exit with their `errno` (terminate of an app that is not running: code 3, exit 3). Our own
/// usage errors exit 64 (`EX_USAGE` of sysexits(3)), rejected media 65 (`EX_DATAERR`), disk
/// failures and damaged files 74 (`EX_IOERR`), a lock held too long 75 (`EX_TEMPFAIL`: try again).
///
/// | case | exit | stderr (first line) |
/// |---|---|---|
/// | ``unrecognizedSubcommand(_:)`` | 1 | `Unrecognized subcommand: x` (usage on stdout) |
/// | ``invalidArguments(subcommand:reason:)`` | 64 | the reason, then the subcommand's usage |
/// | ``noDevicesBooted`` | 148 | `No devices are booted.` |
/// | ``invalidDevice(_:)`` | 148 | `Invalid device: x` |
/// | ``invalidDeviceType(_:)`` | 148 | `Invalid device type: x` |
/// | ``invalidRuntime(_:)`` | 148 | `Invalid runtime: x` |
/// | ``incompatibleRuntime(deviceType:runtime:)`` | 147 | CoreSimulator error 403, `Incompatible device` |
/// | ``noCompatibleRuntime(deviceType:supportedVersions:)`` | 147 | CoreSimulator error 403, `Incompatible device` |
/// | ``invalidState(action:state:)`` | 149 | CoreSimulator error 405, `Unable to <action> in current state: <state>` |
/// | ``unavailableDevice(action:reason:)`` | 149 | CoreSimulator error 405, `Unable to <action>: the device is unavailable (<reason>).` |
/// | ``applicationNotInstalled(_:)`` | 2 | POSIX error 2, no such file or directory |
/// | ``applicationNotRunning(_:)`` | 3 | POSIX error 3, `found nothing to terminate` |
/// | ``launchFailed(_:)`` | 4 | FrontBoard error 4, `Simulator device failed to launch x.` |
/// | ``unknownPrivacyService(_:)`` | 64 | `Unknown privacy service: x`, then the usage |
/// | ``media(_:)`` | 2, 65, 74 or 75 | the media library's message (unknown asset 2, refused file 65, disk, database or damage 74, database or library lock held too long 75 `EX_TEMPFAIL`) |
/// | ``mediaPathIsFolder(_:)`` | 65 | `Cannot add <path>: it is a folder...` |
/// | ``corruptDeviceRecord(udid:path:reason:)`` | 74 | which file and field, and how to recover |
/// | ``misplacedDeviceRecord(folder:recordUDID:path:)`` | 74 | the record names another device than its folder |
/// | ``lockTimedOut(path:timeoutSeconds:holder:)`` | 75 | which lock, who holds it, what to do |
/// | ``standardOutputFailed(errno:createdDevice:)`` | 74 | why, and where a created device's UDID can be found |
/// | ``unusableDeviceSet(path:reason:)`` | 74 | which set, why, and what to pass instead |
/// | ``fileSystem(_:)`` | 74 | the file-system error |
public enum SimctlError: Error, Equatable, CustomStringConvertible {
    /// The first argument is not a subcommand.
    case unrecognizedSubcommand(String)
    /// A subcommand was given the wrong arguments.
    case invalidArguments(subcommand: String, reason: String)
    /// `booted` was given and no device is booted.
    case noDevicesBooted
    /// No device has this UDID or name.
    case invalidDevice(String)
    /// No device type has this identifier or name.
    case invalidDeviceType(String)
    /// No runtime has this identifier or name.
    case invalidRuntime(String)
    /// The device type cannot run on the runtime. Both are described as `simctl list` prints
    /// them: `iPhone X (com.apple...iPhone-X)`, `iOS 17.0 (17.0 - 21A328) - com.apple...iOS-17-0`.
    case incompatibleRuntime(deviceType: String, runtime: String)
    /// `create` without a runtime, and no available runtime runs the type (`supportedVersions`:
    /// `12.3.1 to 15.255.255`).
    case noCompatibleRuntime(deviceType: String, supportedVersions: String)
    /// The operation needs the device in another state (`boot` of a booted device).
    case invalidState(action: String, state: DeviceState)
    /// The device's type or runtime is unknown, so it cannot run (`boot` of such a device).
    case unavailableDevice(action: String, reason: String)
    /// No app with this bundle identifier is installed on the device.
    case applicationNotInstalled(BundleIdentifier)
    /// `terminate` of an app that is not running.
    case applicationNotRunning(BundleIdentifier)
    /// `launch` of an app that is not installed.
    case launchFailed(BundleIdentifier)
    /// `privacy` was given a service it does not know.
    case unknownPrivacyService(String)
    /// The media library refused or failed the call; no photo was added or removed.
    case media(MediaLibraryError)
    /// `addmedia` was given a folder where a photo file belongs.
    case mediaPathIsFolder(String)
    /// A file of a device (its `device.json`, privacy answers or an app's `Info.plist`) cannot be read.
    case corruptDeviceRecord(udid: DeviceUDID, path: String, reason: String)
    /// A device folder's `device.json` names another device (a device folder copied under a new
    /// name): it is never used, so the device it names is never changed through the copy.
    case misplacedDeviceRecord(folder: String, recordUDID: DeviceUDID, path: String)
    /// The set's folder cannot be used: it is a file, or it cannot be created or locked.
    case unusableDeviceSet(path: String, reason: String)
    /// Another process held the set's lock longer than the bound. `holder` is what it wrote into
    /// the lock file (`pid 4242 simctl addmedia`), `nil` when unnamed.
    case lockTimedOut(path: String, timeoutSeconds: Double, holder: String?)
    /// Standard output could not be written (a full disk, `/dev/full`, a closed file). For
    /// `create`, the device was created all the same and `createdDevice` is its UDID.
    case standardOutputFailed(errno: Int32, createdDevice: DeviceUDID?)
    /// The disk failed under an operation.
    case fileSystem(FileSystemError)

    /// The process exit status `simctl` uses for this error (see the table above).
    public var exitCode: Int32 {
        switch self {
        case .unrecognizedSubcommand: return 1
        case .invalidArguments, .unknownPrivacyService: return 64
        case .noDevicesBooted, .invalidDevice, .invalidDeviceType, .invalidRuntime: return 148
        case .incompatibleRuntime, .noCompatibleRuntime: return 147
        case .invalidState, .unavailableDevice: return 149
        case .applicationNotInstalled: return 2
        case .applicationNotRunning: return 3
        case .launchFailed: return 4
        case .media(let error): return SimctlError.exitCode(for: error)
        case .mediaPathIsFolder: return 65
        case .corruptDeviceRecord, .misplacedDeviceRecord, .unusableDeviceSet, .fileSystem, .standardOutputFailed: return 74
        case .lockTimedOut: return 75
        }
    }

    /// The text for standard error, without the final newline.
    public var description: String {
        switch self {
        case .unrecognizedSubcommand(let name):
            return "Unrecognized subcommand: \(name)"
        case .invalidArguments(_, let reason):
            return reason
        case .noDevicesBooted:
            return "No devices are booted."
        case .invalidDevice(let text):
            return "Invalid device: \(text)"
        case .invalidDeviceType(let text):
            return "Invalid device type: \(text)"
        case .invalidRuntime(let text):
            return "Invalid runtime: \(text)"
        case .incompatibleRuntime(let deviceType, let runtime):
            return SimctlError.wrapped(domain: "com.apple.CoreSimulator.SimError", code: 403,
                                       "Incompatible device\nUnable to create a device for device type: \(deviceType), runtime: \(runtime)")
        case .noCompatibleRuntime(let deviceType, let versions):
            return SimctlError.wrapped(domain: "com.apple.CoreSimulator.SimError", code: 403,
                                       "Incompatible device\nUnable to create a device for device type: \(deviceType): "
                                       + "no available runtime runs it (it runs versions \(versions)). "
                                       + "See `simctl list runtimes`.")
        case .invalidState(let action, let state):
            return SimctlError.wrapped(domain: "com.apple.CoreSimulator.SimError", code: 405,
                                       "Unable to \(action) in current state: \(state.rawValue)")
        case .unavailableDevice(let action, let reason):
            let remedy = [Device.unfinishedCreationReason, Device.unfinishedEraseReason].contains(reason)
                ? "If no other simctl is working on it, `simctl erase <device>` finishes it; "
                    + "`simctl delete unavailable` removes it."
                : "`simctl delete unavailable` removes such devices."
            return SimctlError.wrapped(domain: "com.apple.CoreSimulator.SimError", code: 405,
                                       "Unable to \(action): the device is unavailable (\(reason)). \(remedy)")
        case .applicationNotInstalled:
            return SimctlError.wrapped(domain: "NSPOSIXErrorDomain", code: 2,
                                       "The operation couldn’t be completed. No such file or directory\nNo such file or directory")
        case .applicationNotRunning(let bundle):
            return SimctlError.wrapped(domain: "NSPOSIXErrorDomain", code: 3,
                                       "Simulator device failed to terminate \(bundle).\nfound nothing to terminate")
        case .launchFailed(let bundle):
            return SimctlError.wrapped(domain: "FBSOpenApplicationServiceErrorDomain", code: 4,
                                       "Simulator device failed to launch \(bundle).\n"
                                       + "Underlying error (domain=FBSOpenApplicationServiceErrorDomain, code=4):\n"
                                       + "\tThe request to open \"\(bundle)\" failed.")
        case .unknownPrivacyService(let name):
            return "Unknown privacy service: \(name)"
        case .media(let error):
            return error.description
        case .mediaPathIsFolder(let path):
            return "Cannot add \(path): it is a folder. Give the photo files inside it "
                + "(simctl addmedia <device> \(path)/*.jpg). Nothing was added."
        case .corruptDeviceRecord(let udid, let path, let reason):
            if path.hasSuffix("/device.json") {
                return "The device record \(path) cannot be read (\(reason)). "
                    + "Delete the device with `simctl delete \(udid)` and create it again."
            }
            return "The device file \(path) cannot be read (\(reason)). "
                + "Shut the device down and run `simctl erase \(udid)` to give it fresh contents."
        case .misplacedDeviceRecord(let folder, let recordUDID, let path):
            return "The device record \(path) belongs to device \(recordUDID), not to its folder \(folder) "
                + "(was a device folder copied?); the device is left out. To keep the copy as a device of its own, "
                + "set \"udid\" in that file to \(folder); otherwise remove it with `simctl delete \(folder)`."
        case .lockTimedOut(let path, let seconds, let holder):
            return LockError.timedOut(path: path, timeoutSeconds: seconds, holder: holder).description
        case .standardOutputFailed(let code, let created):
            let reason = "Cannot write to standard output: \(String(cString: strerror(code))) (errno \(code))."
            guard let created else { return reason }
            return reason + " The device \(created) was created all the same; `simctl list devices` shows it."
        case .unusableDeviceSet(let path, let reason):
            return "Cannot use the device set \(path): \(reason). "
                + "Pass --set <folder> with a folder you can write to (it is created if missing)."
        case .fileSystem(let error):
            return error.description
        }
    }

    private static func exitCode(for error: MediaLibraryError) -> Int32 {
        switch error {
        case .unknownAsset: return 2
        case .emptyFile, .unsupportedFile, .corruptImage, .imageTooLarge, .unreadable, .notAFile, .fileTooLarge,
             .libraryFull: return 65
        case .fileSystem, .database, .damagedDatabase, .damagedLibrary, .diskFull, .changedWithoutLock,
             .lockUnavailable: return 74
        case .databaseBusy, .lockTimedOut: return 75
        }
    }

    /// Apple's two-line form for an `NSError` that reached `simctl`.
    static func wrapped(domain: String, code: Int, _ message: String) -> String {
        "An error was encountered processing the command (domain=\(domain), code=\(code)):\n\(message)"
    }
}
