/// Why a location's photo could not be saved or removed. Each case says what was kept.
public enum LocationPhotosError: Error, Equatable, CustomStringConvertible {
    /// The picked image could not be encoded as JPEG; nothing was saved.
    case encodingFailed(ImageError)
    /// No photo ID could be allocated (the preferences file could not be saved or read);
    /// nothing was saved.
    case photoIDUnavailable(PreferencesError)
    /// The photo file could not be written (disk full, I/O error ...). The location was not
    /// changed and still shows its previous photo, if any; a newly allocated ID is skipped.
    case photoNotWritten(path: String, FileSystemError)
    /// The location could not be saved or deleted. A photo file written for a new ID was removed
    /// again; an existing photo file may already hold the newly picked photo.
    case store(LocationStoreError)
    /// The location was deleted but its photo file could not be removed; it stays as an orphan.
    case photoNotRemoved(path: String, FileSystemError)
    /// The Documents folder could not be listed.
    case documentsUnreadable(path: String, FileSystemError)
    /// The orphan sweep could not take the store's write lock or read its rows (another
    /// connection is saving, or the store failed); no file was removed.
    case sweepNotRun(LocationStoreError)

    /// Whether a simulated crash (a test's or the simulator's kill) ended the call: the disk is
    /// to stay as the crash left it.
    var isSimulatedCrash: Bool {
        switch self {
        case .photoNotWritten(_, .simulatedCrash), .photoNotRemoved(_, .simulatedCrash),
             .photoIDUnavailable(.writeFailed(_, .simulatedCrash)), .photoIDUnavailable(.readFailed(_, .simulatedCrash)):
            true
        default:
            false
        }
    }

    public var description: String {
        switch self {
        case .encodingFailed(let error):
            return "The photo could not be saved: \(error). Pick another photo."
        case .photoIDUnavailable(let error):
            return "The photo could not be saved because no photo number could be reserved: \(error)"
        case .photoNotWritten(let path, let error):
            return "The photo could not be written to \(path): \(error). The location was not changed."
        case .store(let error):
            return "The location could not be saved: \(error)"
        case .photoNotRemoved(let path, let error):
            return "The location was deleted, but its photo \(path) could not be removed: \(error)"
        case .documentsUnreadable(let path, let error):
            return "The photo folder \(path) could not be listed: \(error)"
        case .sweepNotRun(let error):
            let busy = if case .sqlite(let cause) = error, cause.isBusy { "another connection is saving; " } else { "" }
            return "Leftover photo files were not cleaned up, and nothing was removed: \(error). "
                + "The cleanup can run again at any time (\(busy)try again later)."
        }
    }
}
