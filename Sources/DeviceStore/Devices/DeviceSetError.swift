import Core

/// An expected failure of a ``DeviceSet`` operation. Nothing was changed unless the case says so.
///
/// Each area has its own type (``DeviceRecordError``, ``AppError``, ``PrivacyError``,
/// ``MediaLibraryError``), carried here so that one typed `throws` covers a whole operation. The
/// descriptions speak to a library user; ``SimctlError`` turns each case into Apple's `simctl`
/// text and exit status.
public enum DeviceSetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// ``DeviceSelector/booted`` was given and no device is booted.
    case noDevicesBooted
    /// No device has this UDID or name.
    case deviceNotFound(DeviceSelector)
    /// No device type has this identifier or name.
    case unknownDeviceType(String)
    /// No available runtime has this identifier or name.
    case unknownRuntime(String)
    /// No runtime is available at all, so `create` without a runtime cannot choose one.
    case noRuntimeAvailable
    /// The device type cannot run on the runtime.
    case incompatibleRuntime(deviceType: DeviceType, runtime: Runtime)
    /// `create` without a runtime, and no available runtime runs the type.
    case noCompatibleRuntime(deviceType: DeviceType)
    /// The name cannot be a device's: `problem` says why (``DeviceName/problem(with:)``).
    case invalidName(String, problem: String)
    /// The operation needs the device in another state (`boot` of a booted device).
    case wrongState(DeviceOperation, state: DeviceState)
    /// The device cannot run: its type or runtime is unknown, or its `create` or `erase` was cut
    /// short (`reason` is ``Device/availabilityError``).
    case unavailable(DeviceOperation, reason: String)
    /// `addMedia` was given no file.
    case noMediaFiles
    /// `removeMedia` was given no local identifier.
    case noLocalIdentifiers
    /// `addMedia` was given a folder where a photo file belongs; nothing was added.
    case mediaPathIsFolder(String)
    /// `getenv` asked for a variable the device's environment does not have.
    case environmentVariableNotSet(String)
    /// `bootstatus` without `-b` on a device that is not booted: nothing else would ever boot it.
    case bootNotStarted(name: String, udid: DeviceUDID, state: DeviceState)
    /// A file of a device cannot be used.
    case record(DeviceRecordError)
    /// An app cannot be found, launched or terminated.
    case app(AppError)
    /// A privacy change was refused.
    case privacy(PrivacyError)
    /// The media library refused or failed the call; no photo was added or removed.
    case media(MediaLibraryError)
    /// The set's folder cannot be used: it is a file, or it cannot be created or locked.
    case unusableSet(path: String, reason: String)
    /// The environment variable that names the set is set but empty (``DeviceSetLocation``).
    case emptySetVariable(String)
    /// Another process held the set's lock longer than the bound. `holder` is what it wrote into
    /// the lock file (`pid 4242 simctl addmedia`), `nil` when unnamed.
    case lockTimedOut(path: String, timeoutSeconds: Double, holder: String?)
    /// The disk failed under an operation.
    case fileSystem(FileSystemError)
    /// `install` refused the app bundle; nothing was installed.
    case install(InstallError)
    /// `io` could not take or write a screenshot, or was asked for what PhotoSim does not model.
    case io(DeviceIOError)
    /// A simulated location or a `location` action was refused.
    case location(LocationError)
    /// `spawn` was asked to run something PhotoSim's device does not have.
    case spawn(SpawnError)

    public var description: String {
        switch self {
        case .noDevicesBooted: return "No device is booted."
        case .deviceNotFound(let selector): return "No device has the UDID or name \(selector)."
        case .unknownDeviceType(let text): return "No device type has the identifier or name \(text)."
        case .unknownRuntime(let text): return "No available runtime has the identifier or name \(text)."
        case .noRuntimeAvailable: return "No runtime is available."
        case .incompatibleRuntime(let type, let runtime): return "\(type.name) cannot run \(runtime.name)."
        case .noCompatibleRuntime(let type):
            return "No available runtime runs \(type.name) (it runs versions \(type.minimumRuntimeVersion) to \(type.maximumRuntimeVersion))."
        case .invalidName(let name, let problem): return "The device name \(DeviceSet.quoted(name)) \(problem). Choose another name."
        case .wrongState(let operation, let state): return "Cannot \(operation.rawValue) a device in state \(state.rawValue)."
        case .unavailable(let operation, let reason): return "Cannot \(operation.rawValue) the device: it is unavailable (\(reason))."
        case .noMediaFiles: return "No media files given."
        case .noLocalIdentifiers: return "No local identifiers given."
        case .mediaPathIsFolder(let path): return "Cannot add \(path): it is a folder. Give the photo files inside it. Nothing was added."
        case .environmentVariableNotSet(let name): return "The device's environment has no variable \(name)."
        case .bootNotStarted(let name, let udid, let state):
            return "The device \(DeviceSet.quoted(name)) (\(udid)) is \(state.rawValue) and nothing is booting it."
        case .record(let error): return error.description
        case .app(let error): return error.description
        case .privacy(let error): return error.description
        case .media(let error): return error.description
        case .unusableSet(let path, let reason): return "Cannot use the device set \(path): \(reason)."
        case .emptySetVariable(let variable):
            return "\(variable) is set but empty: give it a folder, or unset it to use the default set."
        case .lockTimedOut(let path, let seconds, let holder):
            return LockError.timedOut(path: path, timeoutSeconds: seconds, holder: holder).waitDescription + "."
        case .fileSystem(let error): return error.description
        case .install(let error): return error.description
        case .io(let error): return error.description
        case .location(let error): return error.description
        case .spawn(let error): return error.description
        }
    }
}
