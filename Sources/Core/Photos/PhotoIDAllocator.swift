/// Hands out photo IDs 1, 2, 3 ... that are never reused, counting in the app's preferences.
///
/// The last ID handed out is kept under the preference key `PhotoID`. ``nextPhotoID()`` saves
/// the new value durably before it returns, so a crash at any later step (before the photo file
/// or the row is written) leaves the counter ahead of every ID in use: at worst an ID is
/// skipped, never given twice. A crash while the counter itself is being saved either keeps the
/// old value (the ID was never returned, so nothing uses it) or the new one (the ID is skipped).
///
/// ```swift
/// let allocator = PhotoIDAllocator(preferences: preferences)
/// let id = try allocator.nextPhotoID()   // 1 on a fresh install
/// ```
public final class PhotoIDAllocator {
    /// The preference key, as the original app names it.
    public static let preferenceKey = "PhotoID"

    private let preferences: Preferences

    public init(preferences: Preferences) {
        self.preferences = preferences
    }

    /// The last ID handed out on this install, or `nil` before the first.
    /// - Throws: ``PreferencesError/invalidValue(key:path:reason:)`` when the stored value is not
    ///   a non-negative integer.
    public func lastPhotoID() throws(PreferencesError) -> PhotoID? {
        PhotoID(rawValue: try storedCount())
    }

    /// Allocates the next ID and saves it before returning. The first ID is 1.
    ///
    /// The counter is read from the file and written back in one ``Preferences/update(forKey:_:)``,
    /// so two allocators on one container (an old app instance and its relaunch) never hand out
    /// the same ID when their calls come one after the other. Callers that allocate from several
    /// threads or processes at once serialise the calls; ``LocationPhotos`` allocates under its
    /// store's write lock.
    /// - Throws: ``PreferencesError/writeFailed(path:_:)`` when the counter cannot be saved (no
    ///   ID is handed out then), ``PreferencesError/invalidValue(key:path:reason:)`` when the
    ///   stored counter is unusable.
    public func nextPhotoID() throws(PreferencesError) -> PhotoID {
        let path = preferences.path
        var allocated: PhotoID?
        try preferences.update(forKey: Self.preferenceKey) { stored throws(PreferencesError) in
            let count = try Self.count(stored, path: path)
            guard count < PhotoID.largest, let next = PhotoID(rawValue: count + 1) else {
                throw .invalidValue(key: Self.preferenceKey, path: path,
                                    reason: "the counter is at \(count): the next photo ID would not fit the model's Integer 32 "
                                        + "photoID (at most \(PhotoID.largest)); no photo ID is left")
            }
            allocated = next
            return .integer(next.rawValue)
        }
        guard let allocated else { preconditionFailure("update returned without running its change") }
        return allocated
    }

    private func storedCount() throws(PreferencesError) -> Int {
        try Self.count(try preferences.value(forKey: Self.preferenceKey), path: preferences.path)
    }

    /// The last ID handed out as the stored `value` says (0 before the first).
    private static func count(_ value: PropertyListValue?, path: String) throws(PreferencesError) -> Int {
        let count = try Preferences.integer(value, key: preferenceKey, path: path) ?? 0
        guard count >= 0 else {
            throw .invalidValue(key: preferenceKey, path: path, reason: "the last photo ID cannot be negative, found \(count)")
        }
        return count
    }
}
