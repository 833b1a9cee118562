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
    /// - Throws: ``PreferencesError/writeFailed(path:_:)`` when the counter cannot be saved (no
    ///   ID is handed out then), ``PreferencesError/invalidValue(key:path:reason:)`` when the
    ///   stored counter is unusable.
    public func nextPhotoID() throws(PreferencesError) -> PhotoID {
        let count = try storedCount()
        guard count < Int.max, let next = PhotoID(rawValue: count + 1) else {
            throw .invalidValue(key: Self.preferenceKey, path: preferences.path,
                                reason: "the counter is at its largest value (\(count)); no photo ID is left")
        }
        try preferences.set(.integer(next.rawValue), forKey: Self.preferenceKey)
        return next
    }

    private func storedCount() throws(PreferencesError) -> Int {
        let count = try preferences.integer(forKey: Self.preferenceKey) ?? 0
        guard count >= 0 else {
            throw .invalidValue(key: Self.preferenceKey, path: preferences.path,
                                reason: "the last photo ID cannot be negative, found \(count)")
        }
        return count
    }
}
