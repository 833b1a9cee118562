/// Why `simctl spawn` refused to run something on a device. Nothing was posted or run.
public enum SpawnError: Error, Equatable, Sendable, CustomStringConvertible {
    /// PhotoSim has no such executable on the device (it has `notifyutil` only).
    case executableNotFound(String)
    /// `notifyutil` was given an option other than `-p <name>`.
    case unsupportedNotifyutilOption(String)
    /// `notifyutil -p` without a notification name, or `notifyutil` without any option.
    case missingNotificationName

    public var description: String {
        switch self {
        case .executableNotFound(let path):
            return "No executable \(path) on the device: PhotoSim runs only notifyutil -p <name> (as /usr/bin/notifyutil or notifyutil)."
        case .unsupportedNotifyutilOption(let option):
            return "notifyutil \(option) is not implemented by PhotoSim: only -p <name> (post a notification) is."
        case .missingNotificationName:
            return "notifyutil needs -p <name>: the name of the notification to post."
        }
    }
}
