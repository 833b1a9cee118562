/// Why the preferences file could not be read, understood or saved.
public enum PreferencesError: Error, Equatable, CustomStringConvertible {
    /// The file exists but is not a property list holding a dictionary. It is never reset
    /// silently: it holds counters (such as the last photo ID) whose loss would reuse IDs.
    case corrupt(path: String, reason: String)
    /// The file could not be read (permissions, I/O error ...).
    case readFailed(path: String, FileSystemError)
    /// The new contents could not be saved; the file is unchanged.
    case writeFailed(path: String, FileSystemError)
    /// A key holds a value of another type than the caller needs, or an invalid one.
    case invalidValue(key: String, path: String, reason: String)
    /// `UserDefaults.synchronize()` answered false: the value was not written to the app's
    /// preferences file, so whatever needed it on disk was not done.
    case defaultsNotSynchronized(key: String)

    public var description: String {
        switch self {
        case .corrupt(let path, let reason):
            return "The preferences file \(path) is corrupt (\(reason)). It was left as it is because it holds "
                + "the last photo ID: restore it from a backup, or move it aside to start afresh."
        case .readFailed(let path, let error):
            return "Could not read the preferences file \(path): \(error)"
        case .writeFailed(let path, let error):
            return "Could not save the preferences file \(path): \(error)"
        case .invalidValue(let key, let path, let reason):
            return "The preference \"\(key)\" in \(path) is invalid: \(reason). Fix or remove it in that file."
        case .defaultsNotSynchronized(let key):
            return "UserDefaults could not write \"\(key)\" to the app's preferences file (synchronize() failed): "
                + "check that Library/Preferences can be written, then try again."
        }
    }
}
