import Core
import DeviceStore
import Foundation

/// How `simctl` reports a failure: the text for standard error, the usage to show with it, and
/// the exit status, with Apple's words and numbers where they are known. The one place where the
/// simulator's typed errors (``DeviceSetError`` and the area errors it carries) become Apple's texts.
///
/// Apple's exit status for a CoreSimulator error is the error code's low 8 bits: `Invalid device`
/// and `No devices are booted.` exit 148 (404), a command refused in the device's current state
/// exits 149 (405, "Unable to boot device in current state: Booted", seen with status 149 in
/// okwasniewski/MiniSim issue 62 and bazelbuild/rules_apple pull request 2598). POSIX-domain errors
/// exit with their `errno` (terminate of an app that is not running: code 3, exit 3). Our own
/// usage errors exit 64 (`EX_USAGE` of sysexits(3)), rejected media 65 (`EX_DATAERR`), a photo whose
/// format's library (loaded on first use) is missing 69 (`EX_UNAVAILABLE`), disk
/// failures and damaged files 74 (`EX_IOERR`), a lock held too long 75 (`EX_TEMPFAIL`: try again).
///
/// | error | exit | stderr (first line) |
/// |---|---|---|
/// | ``unrecognizedSubcommand(_:)`` | 1 | `Unrecognized subcommand: x` (usage on stdout) |
/// | ``invalidArguments(subcommand:reason:)`` | 64 | the reason, then the subcommand's usage |
/// | ``DeviceSetError/noDevicesBooted`` | 148 | `No devices are booted.` |
/// | ``DeviceSetError/deviceNotFound(_:)`` | 148 | `Invalid device: x` |
/// | ``DeviceSetError/unknownDeviceType(_:)`` | 148 | `Invalid device type: x` |
/// | ``DeviceSetError/unknownRuntime(_:)``, ``DeviceSetError/noRuntimeAvailable`` | 148 | `Invalid runtime: x` |
/// | ``DeviceSetError/incompatibleRuntime(deviceType:runtime:)``, ``DeviceSetError/noCompatibleRuntime(deviceType:)`` | 147 | CoreSimulator error 403, `Incompatible device` |
/// | ``DeviceSetError/wrongState(_:state:)`` | 149 | CoreSimulator error 405, `Unable to <action> in current state: <state>` |
/// | ``DeviceSetError/unavailable(_:reason:)`` | 149 | CoreSimulator error 405, `Unable to <action>: the device is unavailable (<reason>).` |
/// | ``AppError/notInstalled(_:)`` | 2, or 4 for `launch` | POSIX error 2 (no such file or directory); `launch`: FrontBoard error 4 |
/// | ``AppError/notRunning(_:)`` | 3 | POSIX error 3, `found nothing to terminate` |
/// | ``AppError/launchFailed(_:reason:)`` | 1 | `FBSOpenApplicationServiceErrorDomain` code 1, the request denied, then the reason |
/// | ``AppError/noApplicationForURL(_:)`` | 194 | `NSOSStatusErrorDomain` -10814 (LaunchServices' application not found) |
/// | ``PrivacyError`` | 64 | `Unknown privacy service: x` / `grant requires a bundle identifier.`, then the usage |
/// | ``DeviceSetError/invalidName(_:problem:)``, ``DeviceSetError/noMediaFiles``, ``DeviceSetError/noLocalIdentifiers``, ``DeviceSetError/emptySetVariable(_:)`` | 64 | the reason, then the usage |
/// | ``DeviceSetError/media(_:)`` | 2, 65, 69, 74 or 75 | the media library's message (unknown asset 2, refused file 65, libheif missing for a HEIC 69, disk, database or damage 74, database or library lock held too long 75 `EX_TEMPFAIL`) |
/// | ``DeviceSetError/mediaPathIsFolder(_:)`` | 65 | `Cannot add <path>: it is a folder...` |
/// | ``DeviceRecordError`` | 74 | which file and field, and the `simctl` command that recovers |
/// | ``DeviceSetError/lockTimedOut(path:timeoutSeconds:holder:)`` | 75 | which lock, who holds it, what to do |
/// | ``standardOutputFailed(errno:createdDevice:)`` | 74 | why, and where a created device's UDID can be found |
/// | ``DeviceSetError/unusableSet(path:reason:)`` | 74 | which set, why, and what to pass instead |
/// | ``DeviceSetError/fileSystem(_:)`` | 74 | the file-system error |
/// | ``DeviceSetError/install(_:)`` | 2, 13 or 65 | POSIX error 2 `Failed to install the requested application`; IXErrorDomain 13 `Missing bundle ID.` (`SimctlError+Clients.swift`) |
/// | ``DeviceSetError/io(_:)`` | 4, 64 or 70 | Cocoa error 4 `The folder “x.png” doesn’t exist.`; unsupported types and operations with the usage |
/// | ``DeviceSetError/location(_:)`` | 64 | the reason, then the usage |
/// | ``DeviceSetError/spawn(_:)`` | 2 or 64 | POSIX error 2 for an executable the device lacks; `notifyutil` options with the usage |
public enum SimctlError: Error, Equatable, CustomStringConvertible {
    /// The first argument is not a subcommand.
    case unrecognizedSubcommand(String)
    /// A subcommand was given the wrong arguments (`simctl` for the options before it).
    case invalidArguments(subcommand: String, reason: String)
    /// The device set refused or failed the subcommand.
    case deviceSet(DeviceSetError, subcommand: SimctlSubcommand?)
    /// Standard output could not be written (a full disk, `/dev/full`, a closed file). For
    /// `create`, the device was created all the same and `createdDevice` is its UDID.
    case standardOutputFailed(errno: Int32, createdDevice: DeviceUDID?)

    /// The presentation of a device-set error met while running `subcommand`.
    public init(_ error: DeviceSetError, subcommand: SimctlSubcommand? = nil) {
        self = .deviceSet(error, subcommand: subcommand)
    }

    /// The presentation of a media library error.
    public static func media(_ error: MediaLibraryError) -> SimctlError { .deviceSet(.media(error), subcommand: nil) }

    /// The process exit status `simctl` uses for this error (see the table above).
    public var exitCode: Int32 {
        switch self {
        case .unrecognizedSubcommand: return 1
        case .invalidArguments: return 64
        case .deviceSet(let error, let subcommand): return SimctlError.exitCode(for: error, subcommand: subcommand)
        case .standardOutputFailed: return 74
        }
    }

    /// The text for standard error, without the final newline.
    public var description: String {
        switch self {
        case .unrecognizedSubcommand(let name):
            return "Unrecognized subcommand: \(name)"
        case .invalidArguments(_, let reason):
            return reason
        case .deviceSet(let error, let subcommand):
            return SimctlError.text(for: error, subcommand: subcommand)
        case .standardOutputFailed(let code, let created):
            let reason = "Cannot write to standard output: \(String(cString: strerror(code))) (errno \(code))."
            guard let created else { return reason }
            return reason + " The device \(created) was created all the same; `simctl list devices` shows it."
        }
    }

    /// The usage printed on standard error after the message: the subcommand's for a usage
    /// mistake (exit 64), `nil` otherwise.
    public var usageAfterMessage: String? {
        switch self {
        case .invalidArguments(let name, _):
            return SimctlSubcommand(rawValue: name)?.usage
        case .deviceSet(let error, let subcommand) where SimctlError.exitCode(for: error, subcommand: subcommand) == 64:
            if case .privacy = error { return SimctlSubcommand.privacy.usage }
            return subcommand?.usage
        default:
            return nil
        }
    }

    /// Apple's two-line form for an `NSError` that reached `simctl`.
    static func wrapped(domain: String, code: Int, _ message: String) -> String {
        "An error was encountered processing the command (domain=\(domain), code=\(code)):\n\(message)"
    }
}
