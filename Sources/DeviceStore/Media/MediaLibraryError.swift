import Core
import Foundation

/// Why the media library refused or failed a call. Each message names the file or identifier
/// concerned and says what to do.
///
/// A failing `add` added no photo and a failing `remove` removed none. Files that were in the
/// way (strays without a row) may have been moved to `PhotoData/Orphans` first; nothing is
/// ever deleted that a row does not own.
public enum MediaLibraryError: Error, Equatable, CustomStringConvertible {
    /// The file has no bytes.
    case emptyFile(path: String)
    /// The file is not a photo PhotoSim stores; `detected` says what it looks like
    /// (`"WebP image"`, `"AVIF image"`, `"video (ISO media, brand qt)"`, `"vCard contact"` ...).
    case unsupportedFile(path: String, detected: String)
    /// The file starts like a JPEG, PNG, HEIC or GIF but does not decode: its header or its
    /// image data is damaged.
    case corruptImage(path: String, format: String, reason: String)
    /// The file stops before its image does: it was cut short (a header that claims more rows
    /// than its complete data holds is ``corruptImage(path:format:reason:)``).
    case truncatedImage(path: String, format: String)
    /// The header claims more pixels than PhotoSim decodes.
    case imageTooLarge(path: String, pixelWidth: Int, pixelHeight: Int, limitPixels: Int)
    /// The photo's check decodes it whole (`kind`: a HEIC, a progressive JPEG) and would take
    /// more memory than an import's checks share (``ImportPipeline/checkBudgetBytes``): it has
    /// more than `limitPixels`, the most such a file of its size may have, at `bytesPerPixel`.
    case imageTooLargeToCheck(path: String, kind: String, pixelWidth: Int, pixelHeight: Int, limitPixels: Int,
                              bytesPerPixel: Double, budgetBytes: Int)
    /// The file could not be read at all.
    case unreadable(path: String, reason: String)
    /// The file is a `format` image, but the library that reads it (loaded on first use) could not
    /// be loaded on this machine: `reason` is what the loader said, `package` the Debian package
    /// that installs it. Other formats are read as usual.
    case decoderUnavailable(path: String, format: String, library: String, reason: String, package: String)
    /// The path is not a regular file (a FIFO, a device, a socket ...), so it is not read.
    case notAFile(path: String, kind: FileKind)
    /// The file is bigger than ``MediaLibrary/maximumFileBytes``; nothing of it was read.
    case fileTooLarge(path: String, sizeBytes: Int, limitBytes: Int)
    /// No asset in this library has the local identifier.
    case unknownAsset(String)
    /// Every camera-roll name up to `IMG_9999` has been handed out (names are never reused).
    case libraryFull(lastFileName: String)
    /// The random source gave only identifiers already in use, `attempts` times in a row (a
    /// source that repeats itself; a seeded or system one never does within that many draws).
    case identifiersExhausted(attempts: Int)
    /// On a disk too full for the database, a remove unlinked the photos' files to make room
    /// and still could not delete their `count` rows: they are listed as missing until a remove
    /// with some free space deletes them (``MediaLibrary/removeMakingRoom(localIdentifiers:mediaFolder:fileSystem:databaseBusy:lockWaiting:lockTimeoutSeconds:processName:)``).
    case rowsKeptOnFullDisk(count: Int, path: String)
    /// Writing or removing a file failed (disk full, permissions ...).
    case fileSystem(FileSystemError)
    /// The asset database (`PhotoData/Photos.sqlite`) failed.
    case database(SQLiteError)
    /// The asset database holds something this version cannot read, or SQLite found it corrupt.
    case damagedDatabase(path: String, reason: String)
    /// The library's layout is broken: its database is missing or empty while the library
    /// exists, or a folder or file of it is a symbolic link or of the wrong kind. Nothing was
    /// read past it and nothing was changed.
    case damagedLibrary(path: String, reason: String)
    /// The disk (or quota) filled up while the database or a photo was written; rolled back.
    case diskFull(path: String)
    /// Another program held the asset database's lock when this call gave up waiting for it
    /// (at once inside the simulated world; after the lock timeout on the command line).
    case databaseBusy(path: String)
    /// Another program changed the library while this call held the lock, so it ignores the lock.
    /// The call was rolled back.
    case changedWithoutLock(path: String)
    /// The lock file that serializes writers could not be opened or locked.
    case lockUnavailable(FileSystemError)
    /// Another call held the library's lock for longer than the bound. `holder` is what the lock
    /// file says about it (`pid 4242 simctl addmedia`), `nil` when it names nobody.
    case lockTimedOut(path: String, timeoutSeconds: Double, holder: String?)

    /// The accepted formats in words: "JPEG or PNG", "JPEG, PNG, HEIC or GIF".
    static var acceptedFormatNames: String {
        let names = MediaLibrary.acceptedFormats.map(\.rawValue)
        guard names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// What every rejected `add` tells the user about the types it takes.
    static var supportedTypes: String {
        "PhotoSim's media library takes photos only: \(acceptedFormatNames)"
            + " (simctl on a Mac also adds videos and contacts; PhotoSim does not model them)"
    }

    /// How to get a fresh library, for every kind of damage.
    static let eraseAdvice = "Copy out any photo you need, then run `simctl shutdown <device>` and"
        + " `simctl erase <device>` to give the device a fresh media library"

    public var description: String {
        switch self {
        case .emptyFile(let path):
            return "Cannot add \(path): the file is empty (0 bytes). \(Self.supportedTypes). Nothing was added."
        case .unsupportedFile(let path, let detected):
            return "Cannot add \(path): it looks like \(Self.withArticle(detected)). \(Self.supportedTypes)."
                + " Convert it to \(Self.acceptedFormatNames), or leave it out. Nothing was added."
        case .corruptImage(let path, let format, let reason):
            return "Cannot add \(path): it starts like a \(format) but cannot be decoded (\(reason))."
                + " Re-export it as \(Self.acceptedFormatNames). Nothing was added."
        case .truncatedImage(let path, let format):
            return "Cannot add \(path): the \(format) ends before its image does (the file was cut short)."
                + " Copy or export it again whole. Nothing was added."
        case .imageTooLarge(let path, let width, let height, let limit):
            return "Cannot add \(path): \(width)x\(height) pixels is more than the limit of \(limit) pixels."
                + " Scale it down and try again. Nothing was added."
        case .imageTooLargeToCheck(let path, let kind, let width, let height, let limit, let bytesPerPixel, let budget):
            return "Cannot add \(path): \(width)x\(height) pixels is more than the limit of \(limit) pixels for this \(kind):"
                + " checking \(Self.withArticle(kind)) decodes it whole, \(String(format: "%.1f", bytesPerPixel)) bytes a pixel"
                + " here, and an import checks its photos within \(budget / 1_048_576) MiB. Scale it down, or save it as a"
                + " baseline JPEG, and try again. Nothing was added."
        case .unreadable(let path, let reason):
            return "Cannot read \(path): \(reason). Check the path and its permissions. Nothing was added."
        case .decoderUnavailable(let path, let format, let library, let reason, let package):
            return "Cannot add \(path): reading \(Self.withArticle(format)) needs \(library), which could not be loaded"
                + " (\(reason)). Install the Debian package \(package) (apt-get install \(package)) and try again,"
                + " or leave the \(format) out. Nothing was added."
        case .notAFile(let path, let kind):
            return "Cannot add \(path): it is a \(kind.rawValue), not a regular file; addmedia reads only"
                + " regular files. Save the photo to a file first and add that. Nothing was added."
        case .fileTooLarge(let path, let size, let limit):
            return "Cannot add \(path): it is \(size) bytes, more than the limit of \(limit) bytes"
                + " (\(limit / 1_048_576) MiB) for one photo. Scale or re-compress it. Nothing was added."
        case .unknownAsset(let identifier):
            return "No asset with local identifier \(identifier) in this media library"
                + " (identifiers look like 01234567-89AB-4CDE-8F01-23456789ABCD/L0/001). Nothing was removed."
        case .libraryFull(let lastFileName):
            return "The media library has handed out every camera-roll name up to \(lastFileName)"
                + " (names are never reused, even after removals). Erase the device to start a fresh library."
                + " Nothing was added."
        case .identifiersExhausted(let attempts):
            return "The random source gave \(attempts) local identifiers in a row that the media library already uses,"
                + " so it repeats itself. Nothing was added; pass a random source that does not repeat."
        case .rowsKeptOnFullDisk(let count, let path):
            let what = count == 1 ? "the photo's file was" : "the files of \(count) photos were"
            let rows = count == 1 ? "its row" : "their rows"
            return "The disk is full: \(what) removed to make room, but even then \(rows) could not be deleted from \(path)."
                + " \(count == 1 ? "It is" : "They are") listed as missing; free some space on that disk and run the same"
                + " media remove again to finish."
        case .fileSystem(let error):
            return "\(error). No photo was added or removed."
        case .database(let error):
            return "The asset database failed: \(error). No photo was added or removed."
        case .damagedDatabase(let path, let reason):
            return "The asset database \(path) cannot be used: \(reason). Nothing was changed. \(Self.eraseAdvice)."
        case .damagedLibrary(let path, let reason):
            return "The media library is damaged: \(path) \(reason). Nothing was changed. \(Self.eraseAdvice)."
        case .diskFull(let path):
            return "The disk is full: writing \(path) failed for lack of space. No photo was added or removed;"
                + " free some space on that disk and try again."
        case .databaseBusy(let path):
            return "The asset database \(path) is locked by another program, which still held it when this call gave up"
                + " waiting. No photo was added or removed; close whatever has it open (only PhotoSim should) and try again."
        case .changedWithoutLock(let path):
            return "Another program changed the media library's database \(path) without taking its lock."
                + " Only PhotoSim should write to a device's Media folder. Nothing was changed; try again."
        case .lockUnavailable(let error):
            return "Cannot lock the media library: \(error). Check that the Media folder exists and is writable."
                + " No photo was added or removed."
        case .lockTimedOut(let path, let seconds, let holder):
            return LockError.timedOut(path: path, timeoutSeconds: seconds, holder: holder).description
                + " No photo was added or removed."
        }
    }

    /// A detected type's name with "a" or "an" in front where English wants one
    /// ("a WebP image", "an AVIF image", "an HEIC/HEIF image", "text").
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
            return .truncatedImage(path: path, format: format)
        case .encodingFailed(let reason):
            return .unreadable(path: path, reason: reason)
        case .decoderUnavailable(let format, let library, let reason, let package):
            return .decoderUnavailable(path: path, format: format, library: library, reason: reason, package: package)
        }
    }

    /// The error for a source file that could not be read as a photo.
    static func unreadableSource(_ path: String, _ error: FileSystemError) -> MediaLibraryError {
        switch error {
        case .notRegularFile(_, let kind):
            return .notAFile(path: path, kind: kind)
        case .tooLarge(_, let size, let limit):
            return .fileTooLarge(path: path, sizeBytes: size, limitBytes: limit)
        default:
            return .unreadable(path: path, reason: error.description)
        }
    }

    /// The error for a failed write into the library: a full disk is named as such.
    static func writing(_ error: FileSystemError) -> MediaLibraryError {
        if case .noSpace(let path) = error { return .diskFull(path: path) }
        return .fileSystem(error)
    }

    /// The error for a lock that could not be taken.
    static func locking(_ error: LockError) -> MediaLibraryError {
        switch error {
        case .unavailable(let failure): return .lockUnavailable(failure)
        case .timedOut(let path, let seconds, let holder): return .lockTimedOut(path: path, timeoutSeconds: seconds, holder: holder)
        }
    }

    /// The error for a failed SQLite call on the database at `path`, by Core's ``SQLiteError/kind``:
    /// a full disk, a lock held elsewhere and a damaged file are cases of their own; anything
    /// else keeps SQLite's code, with its kind in words.
    static func sqlite(_ error: SQLiteError, path: String) -> MediaLibraryError {
        switch error.kind {
        case .diskFull: return .diskFull(path: path)
        case .busy: return .databaseBusy(path: path)
        case .corrupt, .notADatabase:
            return .damagedDatabase(path: path, reason: "\(error.kind.summary); SQLite reports it corrupt (\(error.message))")
        default: return .database(error)
        }
    }
}
