import Core
import Foundation

/// Why the media library refused or failed a call. Each message names the file or identifier
/// concerned and says what to do.
///
/// Every failing call leaves the library as it was before the call: an `add` that throws added
/// nothing, a `remove` that throws removed nothing.
public enum MediaLibraryError: Error, Equatable, CustomStringConvertible {
    /// The file has no bytes.
    case emptyFile(path: String)
    /// The file is not a photo PhotoSim stores; `detected` says what it looks like
    /// (`"GIF image"`, `"HEIC/HEIF image"`, `"video (ISO media, brand qt)"`, `"vCard contact"` ...).
    case unsupportedFile(path: String, detected: String)
    /// The file starts like a JPEG or PNG but its header cannot be read.
    case corruptImage(path: String, format: String, reason: String)
    /// The header claims more pixels than PhotoSim decodes.
    case imageTooLarge(path: String, pixelWidth: Int, pixelHeight: Int, limitPixels: Int)
    /// The file could not be read at all.
    case unreadable(path: String, reason: String)
    /// No asset in this library has the local identifier.
    case unknownAsset(String)
    /// Every camera-roll name up to `IMG_9999` has been handed out (names are never reused).
    case libraryFull(lastFileName: String)
    /// Writing or removing a file failed (disk full, permissions ...).
    case fileSystem(FileSystemError)
    /// The asset database (`PhotoData/Photos.sqlite`) failed.
    case database(SQLiteError)
    /// The asset database holds something this version cannot read.
    case damagedDatabase(path: String, reason: String)
    /// Another program changed the library while this call held the lock, so it ignores the lock.
    /// The call was rolled back.
    case changedWithoutLock(path: String)
    /// The lock file that serializes writers could not be opened or locked.
    case lockUnavailable(path: String, errno: Int32)

    /// What every rejected `add` tells the user about the types it takes.
    static let supportedTypes = "PhotoSim's media library takes photos only: JPEG or PNG"
        + " (simctl on a Mac also adds videos and contacts; PhotoSim does not model them)"

    public var description: String {
        switch self {
        case .emptyFile(let path):
            return "Cannot add \(path): the file is empty (0 bytes). \(Self.supportedTypes). Nothing was added."
        case .unsupportedFile(let path, let detected):
            return "Cannot add \(path): it looks like \(Self.withArticle(detected)). \(Self.supportedTypes)."
                + " Convert it to JPEG or PNG, or leave it out. Nothing was added."
        case .corruptImage(let path, let format, let reason):
            return "Cannot add \(path): it starts like a \(format) but its header cannot be read (\(reason))."
                + " Re-export it as JPEG or PNG. Nothing was added."
        case .imageTooLarge(let path, let width, let height, let limit):
            return "Cannot add \(path): \(width)x\(height) pixels is more than the limit of \(limit) pixels."
                + " Scale it down and try again. Nothing was added."
        case .unreadable(let path, let reason):
            return "Cannot read \(path): \(reason). Check the path and its permissions. Nothing was added."
        case .unknownAsset(let identifier):
            return "No asset with local identifier \(identifier) in this media library"
                + " (identifiers look like 01234567-89AB-4CDE-8F01-23456789ABCD/L0/001). Nothing was removed."
        case .libraryFull(let lastFileName):
            return "The media library has handed out every camera-roll name up to \(lastFileName)"
                + " (names are never reused, even after removals). Erase the device to start a fresh library."
                + " Nothing was added."
        case .fileSystem(let error):
            return "\(error). The media library is as it was before the call."
        case .database(let error):
            return "The asset database failed: \(error). The media library is as it was before the call."
        case .damagedDatabase(let path, let reason):
            return "The asset database \(path) cannot be used: \(reason). Erase the device to rebuild its media library."
        case .changedWithoutLock(let path):
            return "Another program changed the media library's database \(path) without taking its lock."
                + " Only PhotoSim should write to a device's Media folder. Nothing was changed; try again."
        case .lockUnavailable(let path, let code):
            return "Cannot lock the media library with \(path): \(String(cString: strerror(code))) (errno \(code))."
                + " Check that the Media folder exists and is writable."
        }
    }

    /// A detected type's name with "a" or "an" in front where English wants one
    /// ("a GIF image", "an HEIC/HEIF image", "text").
    static func withArticle(_ noun: String) -> String {
        if noun == "text" || noun.hasPrefix("unknown") { return noun }
        let startsWithVowelSound = noun.hasPrefix("HEIC") || "aeiou".contains(noun.lowercased().first ?? "x")
        return (startsWithVowelSound ? "an " : "a ") + noun
    }

    /// The error for a file that ``ImageProbe`` rejected.
    static func rejected(_ path: String, _ error: ImageError) -> MediaLibraryError {
        switch error {
        case .empty:
            return .emptyFile(path: path)
        case .unsupportedFormat(let detected):
            return .unsupportedFile(path: path, detected: detected)
        case .tooLarge(let width, let height, let limit):
            return .imageTooLarge(path: path, pixelWidth: width, pixelHeight: height, limitPixels: limit)
        case .corrupt(let format, let reason):
            return .corruptImage(path: path, format: format, reason: reason)
        case .truncated(let format):
            return .corruptImage(path: path, format: format, reason: "the file ends before the image does")
        case .encodingFailed(let reason):
            return .unreadable(path: path, reason: reason)
        }
    }
}
