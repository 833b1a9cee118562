/// Why the items could not be archived.
enum ItemStoreError: Error, CustomStringConvertible {
    /// The archive could not be read at launch; it is kept as it is.
    case archiveUnreadable(path: String, reason: String)
    /// Writing the archive failed; the previous archive is kept.
    case notSaved(path: String, reason: String)

    var description: String {
        switch self {
        case .archiveUnreadable(let path, let reason):
            return "The items in \(path) could not be read (\(reason)). The file is kept; move it away to start afresh."
        case .notSaved(let path, let reason):
            return "The items could not be saved to \(path) (\(reason)); the previous file is kept."
        }
    }
}
