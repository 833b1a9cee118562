import Core
import DeviceStore
import Foundation

extension SimctlError {
    /// The exit status for a device-set error (the table on ``SimctlError``).
    static func exitCode(for error: DeviceSetError, subcommand: SimctlSubcommand?) -> Int32 {
        switch error {
        case .noDevicesBooted, .deviceNotFound, .unknownDeviceType, .unknownRuntime, .noRuntimeAvailable: return 148
        case .incompatibleRuntime, .noCompatibleRuntime: return 147
        case .wrongState, .unavailable, .bootNotStarted: return 149
        case .environmentVariableNotSet: return 2
        case .app(.notInstalled): return subcommand == .launch ? 4 : 2
        case .app(.notRunning): return 3
        case .app(.launchFailed): return 1
        case .app(.noApplicationForURL): return 194
        case .invalidName, .noMediaFiles, .noLocalIdentifiers, .privacy, .emptySetVariable: return 64
        case .media(let error): return exitCode(for: error)
        case .mediaPathIsFolder: return 65
        case .record, .unusableSet, .fileSystem: return 74
        case .lockTimedOut: return 75
        case .install(let error): return exitCode(for: error)
        case .io(let error): return exitCode(for: error)
        case .location: return 64
        case .spawn(let error): return exitCode(for: error)
        }
    }

    private static func exitCode(for error: MediaLibraryError) -> Int32 {
        switch error {
        case .unknownAsset: return 2
        case .emptyFile, .unsupportedFile, .corruptImage, .truncatedImage, .imageTooLarge, .imageTooLargeToCheck, .unreadable,
             .notAFile, .fileTooLarge, .libraryFull: return 65
        case .fileSystem, .database, .damagedDatabase, .damagedLibrary, .diskFull, .changedWithoutLock,
             .lockUnavailable, .rowsKeptOnFullDisk: return 74
        case .databaseBusy, .lockTimedOut: return 75
        case .identifiersExhausted: return 70
        case .decoderUnavailable: return 69
        }
    }

    /// Apple's text for a device-set error where it is known, else PhotoSim's in the same manner.
    static func text(for error: DeviceSetError, subcommand: SimctlSubcommand?) -> String {
        switch error {
        case .noDevicesBooted: return "No devices are booted."
        case .deviceNotFound(let selector): return "Invalid device: \(selector)"
        case .unknownDeviceType(let text): return "Invalid device type: \(text)"
        case .unknownRuntime(let text): return "Invalid runtime: \(text)"
        case .noRuntimeAvailable: return "Invalid runtime: (none available)"
        case .incompatibleRuntime(let deviceType, let runtime):
            return wrapped(domain: "com.apple.CoreSimulator.SimError", code: 403, "Incompatible device\nUnable to create a device for "
                           + "device type: \(DeviceListing.line(deviceType)), runtime: \(DeviceListing.line(runtime))")
        case .noCompatibleRuntime(let deviceType):
            return wrapped(domain: "com.apple.CoreSimulator.SimError", code: 403,
                           "Incompatible device\nUnable to create a device for device type: \(DeviceListing.line(deviceType)): "
                           + "no available runtime runs it (it runs versions \(deviceType.minimumRuntimeVersion) to "
                           + "\(deviceType.maximumRuntimeVersion)). See `simctl list runtimes`.")
        case .wrongState(let operation, let state):
            return wrapped(domain: "com.apple.CoreSimulator.SimError", code: 405,
                           "Unable to \(appleAction(operation)) in current state: \(state.rawValue)")
        case .unavailable(let operation, let reason):
            return wrapped(domain: "com.apple.CoreSimulator.SimError", code: 405,
                           "Unable to \(appleAction(operation)): the device is unavailable (\(reason)). \(unavailableRemedy(reason))")
        case .environmentVariableNotSet(let name):
            return wrapped(domain: "NSPOSIXErrorDomain", code: 2, "Simulator device failed to getenv \(name).\nNo such file or directory")
        case .bootNotStarted(let name, let udid, let state):
            return "Waiting on \(name) (\(udid)) to boot, but it is \(state.rawValue) and nothing boots a PhotoSim device "
                + "except simctl, so the wait would never end. Run `simctl boot \(udid)` first, or `simctl bootstatus \(udid) -b`."
        case .app(let error): return text(for: error, subcommand: subcommand)
        case .privacy(let error): return error.description
        case .invalidName, .noMediaFiles, .noLocalIdentifiers, .emptySetVariable, .media, .fileSystem: return error.description
        case .mediaPathIsFolder(let path):
            return "Cannot add \(path): it is a folder. Give the photo files inside it "
                + "(simctl addmedia <device> \(path)/*.jpg). Nothing was added."
        case .record(let error): return text(for: error)
        case .unusableSet(let path, let reason):
            return "Cannot use the device set \(path): \(reason). "
                + "Pass --set <folder> with a folder you can write to (it is created if missing)."
        case .lockTimedOut(let path, let seconds, let holder):
            return LockError.timedOut(path: path, timeoutSeconds: seconds, holder: holder).description
        case .install(let error): return text(for: error)
        case .io(let error): return text(for: error)
        case .location(let error): return error.description
        case .spawn(let error): return text(for: error)
        }
    }

    /// Apple's words for what could not be done, as in `Unable to boot device in current state: Booted`.
    private static func appleAction(_ operation: DeviceOperation) -> String {
        switch operation {
        case .boot: return "boot device"
        case .shutdown: return "shutdown device"
        case .erase: return "erase contents and settings"
        case .appLookup: return "lookup"
        case .privacyChange: return "change privacy settings"
        case .clone: return "clone device"
        }
    }

    private static func unavailableRemedy(_ reason: String) -> String {
        [Device.unfinishedCreationReason, Device.unfinishedEraseReason].contains(reason)
            ? "If no other simctl is working on it, `simctl erase <device>` finishes it; `simctl delete unavailable` removes it."
            : "`simctl delete unavailable` removes such devices."
    }

    /// `get_app_container` of an app not installed: appium/appium issue 15256; `launch`: published
    /// logs of `simctl launch` of an uninstalled bundle; `terminate`: measured, exit 3.
    private static func text(for error: AppError, subcommand: SimctlSubcommand?) -> String {
        switch error {
        case .notInstalled(let bundle) where subcommand == .launch:
            return wrapped(domain: "FBSOpenApplicationServiceErrorDomain", code: 4,
                           "Simulator device failed to launch \(bundle).\n"
                           + "Underlying error (domain=FBSOpenApplicationServiceErrorDomain, code=4):\n"
                           + "\tThe request to open \"\(bundle)\" failed.")
        case .notInstalled:
            return wrapped(domain: "NSPOSIXErrorDomain", code: 2,
                           "The operation couldn’t be completed. No such file or directory\nNo such file or directory")
        case .notRunning(let bundle):
            return wrapped(domain: "NSPOSIXErrorDomain", code: 3, "Simulator device failed to terminate \(bundle).\nfound nothing to terminate")
        case .noApplicationForURL(let url):
            // LaunchServices' kLSApplicationNotFoundErr (-10814, LSInfo.h) in simctl's wrapping;
            // the exit status is the code's low byte, as simctl's other errors end. The lines are
            // PhotoSim's, not verified against Apple's simctl.
            return wrapped(domain: "NSOSStatusErrorDomain", code: -10814,
                           "Simulator device failed to open \(url).\n"
                           + "The operation couldn’t be completed. (OSStatus error -10814.)\n"
                           + (URL(string: url)?.scheme.map { _ in "No installed app names the scheme of \(url) in its Info.plist's CFBundleURLTypes." }
                               ?? "\(url) is not a URL with a scheme (myapp://item/7, https://example.com)."))
        case .launchFailed(let bundle, let reason):
            // The form a launch the system denied takes (an app that crashed while opening:
            // ryanmcgrath/cacao issue 155), then PhotoSim's reason.
            return wrapped(domain: "FBSOpenApplicationServiceErrorDomain", code: 1,
                           "Simulator device failed to launch \(bundle).\n"
                           + "The request was denied by service delegate (SBMainWorkspace).\n"
                           + "Underlying error (domain=FBSOpenApplicationServiceErrorDomain, code=1):\n"
                           + "\tThe request to open \"\(bundle)\" failed.\n"
                           + "\tThe request was denied by service delegate (SBMainWorkspace).\n"
                           + reason)
        }
    }

    /// A damaged device file, with the `simctl` command that recovers from it.
    static func text(for error: DeviceRecordError) -> String {
        switch error {
        case .unreadable(let udid, let path, let reason) where path.hasSuffix("/device.json"):
            return "The device record \(path) cannot be read (\(reason)). "
                + "Delete the device with `simctl delete \(udid)` and create it again."
        case .unreadable(let udid, let path, let reason):
            return "The device file \(path) cannot be read (\(reason)). "
                + "Shut the device down and run `simctl erase \(udid)` to give it fresh contents."
        case .misplaced(let folder, let recordUDID, let path):
            return "The device record \(path) belongs to device \(recordUDID), not to its folder \(folder) "
                + "(was a device folder copied?); the device is left out. To keep the copy as a device of its own, "
                + "set \"udid\" in that file to \(folder); otherwise remove it with `simctl delete \(folder)`."
        case .linkedFolder(_, let path, let kind):
            return DeviceRecordError.linkedFolderText(path: path, kind: kind)
        }
    }
}
