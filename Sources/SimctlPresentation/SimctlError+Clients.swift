import Core
import DeviceStore
import Foundation

/// Apple's texts and statuses for `install`, `io`, `location` and `spawn`.
extension SimctlError {
    /// Apple's `install` statuses are its error codes: POSIX 2 for a path that is no bundle,
    /// IXErrorDomain 13 for a bundle without a bundle ID. A bundle holding a symbolic link or
    /// special file is PhotoSim's refusal, 65 (`EX_DATAERR`).
    static func exitCode(for error: InstallError) -> Int32 {
        switch error {
        case .bundleNotFound: return 2
        case .missingInfoPlist, .unreadableInfoPlist, .missingBundleIdentifier, .invalidBundleIdentifier: return 13
        case .unsupportedItem: return 65
        }
    }

    /// A path that is no bundle: appium/appium issue 10464 (Xcode 9.3's words, still current).
    /// A bundle without a bundle ID: dotnet/macios issue 22852 quotes CoreSimulator's
    /// `IXErrorDomain Code=13 "Simulator device failed to install the application."`,
    /// `NSLocalizedFailureReason=Missing bundle ID.`, underlying `Failed to get bundle ID from <path>`;
    /// PhotoSim adds a last line saying what exactly is wrong.
    static func text(for error: InstallError) -> String {
        switch error {
        case .bundleNotFound:
            return wrapped(domain: "NSPOSIXErrorDomain", code: 2, "Failed to install the requested application\n"
                           + "An application bundle was not found at the provided path.\n"
                           + "Provide a valid path to the desired application bundle.")
        case .missingInfoPlist(let path), .unreadableInfoPlist(let path, _), .missingBundleIdentifier(let path),
             .invalidBundleIdentifier(let path, _):
            return wrapped(domain: "IXErrorDomain", code: 13, "Simulator device failed to install the application.\n"
                           + "Missing bundle ID.\n"
                           + "Underlying error (domain=IXErrorDomain, code=13):\n"
                           + "\tFailed to get bundle ID from \(path)\n\tMissing bundle ID.\n"
                           + error.description)
        case .unsupportedItem:
            return error.description
        }
    }

    /// Usage mistakes and what PhotoSim does not model exit 64 with `io`'s usage; a missing
    /// folder is Foundation's `NSFileNoSuchFileError` (Cocoa code 4, "The folder “<name>” doesn’t
    /// exist.", as appium/appium issue 15110 quotes it), exit 4; an app that cannot be run or a
    /// screen that cannot be drawn is 70 (`EX_SOFTWARE`).
    static func exitCode(for error: DeviceIOError) -> Int32 {
        switch error {
        case .unsupportedType, .unknownType, .notImplemented, .unknownOperation: return 64
        case .folderMissing: return 4
        case .appFailed, .drawingFailed: return 70
        }
    }

    static func text(for error: DeviceIOError) -> String {
        switch error {
        case .folderMissing(let filePath, _):
            return wrapped(domain: "NSCocoaErrorDomain", code: 4, "The folder “\(filePath.lastPathComponent)” doesn’t exist.\n"
                           + error.description)
        default:
            return error.description
        }
    }

    /// An executable the device does not have is POSIX "No such file or directory" (code 2,
    /// exit 2) in the form Apple's POSIX errors take; `notifyutil` options PhotoSim does not model
    /// are usage mistakes (64, with `spawn`'s usage).
    static func exitCode(for error: SpawnError) -> Int32 {
        switch error {
        case .executableNotFound: return 2
        case .unsupportedNotifyutilOption, .missingNotificationName: return 64
        }
    }

    static func text(for error: SpawnError) -> String {
        switch error {
        case .executableNotFound:
            return wrapped(domain: "NSPOSIXErrorDomain", code: 2,
                           "The operation couldn’t be completed. No such file or directory\nNo such file or directory\n"
                           + error.description)
        default:
            return error.description
        }
    }
}
