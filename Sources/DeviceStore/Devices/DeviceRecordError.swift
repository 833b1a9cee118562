import Core

/// Why a file of a device (its `device.json`, privacy answers or an app's `Info.plist`) cannot be used.
public enum DeviceRecordError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be decoded, or a field is missing, of the wrong type or out of range.
    /// `reason` names the field (``DeviceRecord`` explains decoding errors in words).
    case unreadable(udid: DeviceUDID, path: String, reason: String)
    /// A device folder's `device.json` names another device (the folder was copied under a new
    /// name): it is never used, so the device it names is never changed through the copy.
    case misplaced(folder: String, recordUDID: DeviceUDID, path: String)
    /// A device folder of the set is a symbolic link (or another non-folder): nothing behind it
    /// is read, written or deleted, since it may lead anywhere outside the set.
    case linkedFolder(udid: DeviceUDID, path: String, kind: FileKind)

    /// The device the error is about: the UDID of the folder.
    public var folderName: String {
        switch self {
        case .unreadable(let udid, _, _): return udid.rawValue
        case .misplaced(let folder, _, _): return folder
        case .linkedFolder(let udid, _, _): return udid.rawValue
        }
    }

    public var description: String {
        switch self {
        case .unreadable(_, let path, let reason) where path.hasSuffix("/device.json"):
            return "The device record \(path) cannot be read (\(reason)). Delete the device and create it again."
        case .unreadable(_, let path, let reason):
            return "The device file \(path) cannot be read (\(reason)). Erase the device to give it fresh contents."
        case .misplaced(let folder, let recordUDID, let path):
            return "The device record \(path) belongs to device \(recordUDID), not to its folder \(folder) "
                + "(was a device folder copied?); the device is left out. Set \"udid\" in that file to \(folder) "
                + "to keep the copy as a device of its own, or delete the folder."
        case .linkedFolder(_, let path, let kind):
            return Self.linkedFolderText(path: path, kind: kind)
        }
    }

    /// The message for a device folder that is not a folder, shared with simctl's text.
    package static func linkedFolderText(path: String, kind: FileKind) -> String {
        let found = kind == .symbolicLink ? "a symbolic link, which PhotoSim does not follow" : "a \(kind.rawValue), not a folder"
        return "The device folder \(path) is \(found); the device is left out, and nothing behind it was read, "
            + "changed or deleted. Remove it yourself (`rm \(path)`), or put the device's real folder there."
    }
}
