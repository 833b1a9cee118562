import Foundation

/// Hands out photo IDs 1, 2, 3 ... that are never reused, counting in the app's preferences.
///
/// The last ID handed out is kept under the preference key `PhotoID`. ``nextPhotoID()`` saves
/// the new value durably before it returns, so a crash at any later step (before the photo file
/// or the row is written) leaves the counter ahead of every ID in use: at worst an ID is
/// skipped, never given twice. A crash while the counter itself is being saved either keeps the
/// old value (the ID was never returned, so nothing uses it) or the new one (the ID is skipped).
///
/// An app can count in `UserDefaults` instead, as iOS apps do (``init(userDefaults:)``).
///
/// ```swift
/// let allocator = PhotoIDAllocator(preferences: preferences)
/// let id = try allocator.nextPhotoID()   // 1 on a fresh install
/// ```
public final class PhotoIDAllocator {
    /// The preference key, as the original app names it.
    public static let preferenceKey = "PhotoID"

    private let counter: Counter

    /// Where the counter is kept.
    private enum Counter {
        /// The preferences file, every change durable when it returns.
        case file(Preferences)
        /// An app's defaults and its domain: read, set, then written with `synchronize()`.
        case defaults(UserDefaults, domain: String)
    }

    public init(preferences: Preferences) {
        counter = .file(preferences)
    }

    /// Counts in `userDefaults` as the app of the reference texts does (read, plus one,
    /// `set(_:forKey:)`, `synchronize()`), so an app's `UserDefaults.standard` holds the counter
    /// in its own preferences file. ``nextPhotoID()`` returns only once `synchronize()` has
    /// written it; one that fails hands out no ID (``PreferencesError/defaultsNotSynchronized(key:)``).
    ///
    /// The stored value is read from the app's own domain (`persistentDomain(forName:)` of the
    /// bundle identifier), not through the launch arguments' domain, which a `-PhotoID` argument
    /// would make hide every change; a value that is not a whole number is refused, where
    /// `integer(forKey:)` would read it as 0 and hand out IDs again.
    ///
    /// Durability: Foundation writes the file whole and renames it into place, so a process
    /// killed at any moment leaves the old or the new counter; it does not `fsync`, so a power
    /// loss right after may leave the old one (the file counter of ``init(preferences:)`` syncs).
    public init(userDefaults: UserDefaults, bundleIdentifier: String) {
        counter = .defaults(userDefaults, domain: bundleIdentifier)
    }

    /// How errors name where the counter lives.
    private var place: String {
        switch counter {
        case .file(let preferences): preferences.path
        case .defaults: "the app's user defaults"
        }
    }

    /// The last ID handed out on this install, or `nil` before the first.
    /// - Throws: ``PreferencesError/invalidValue(key:path:reason:)`` when the stored value is not
    ///   a non-negative integer.
    public func lastPhotoID() throws(PreferencesError) -> PhotoID? {
        PhotoID(rawValue: try storedCount())
    }

    /// Allocates the next ID and saves it before returning. The first ID is 1.
    ///
    /// A file counter is read from the file and written back in one ``Preferences/update(forKey:_:)``,
    /// so two allocators on one container (an old app instance and its relaunch) never hand out
    /// the same ID when their calls come one after the other; a defaults counter is read from the
    /// app's domain, set and synchronized. Callers that allocate from several threads or
    /// processes at once serialise the calls; ``LocationPhotos`` allocates under its store's
    /// write lock.
    /// - Throws: ``PreferencesError/writeFailed(path:_:)`` or
    ///   ``PreferencesError/defaultsNotSynchronized(key:)`` when the counter cannot be saved (no
    ///   ID is handed out then), ``PreferencesError/invalidValue(key:path:reason:)`` when the
    ///   stored counter is unusable.
    public func nextPhotoID() throws(PreferencesError) -> PhotoID {
        let path = place
        switch counter {
        case .file(let preferences):
            var allocated: PhotoID?
            try preferences.update(forKey: Self.preferenceKey) { stored throws(PreferencesError) in
                let next = try Self.next(after: try Self.count(stored, path: path), path: path)
                allocated = next
                return .integer(next.rawValue)
            }
            guard let allocated else { preconditionFailure("update returned without running its change") }
            return allocated
        case .defaults(let defaults, _):
            let next = try Self.next(after: try storedCount(), path: path)
            defaults.set(next.rawValue, forKey: Self.preferenceKey)
            guard defaults.synchronize() else { throw .defaultsNotSynchronized(key: Self.preferenceKey) }
            return next
        }
    }

    private static func next(after count: Int, path: String) throws(PreferencesError) -> PhotoID {
        guard count < PhotoID.largest, let next = PhotoID(rawValue: count + 1) else {
            throw .invalidValue(key: preferenceKey, path: path,
                                reason: "the counter is at \(count): the next photo ID would not fit the model's Integer 32 "
                                    + "photoID (at most \(PhotoID.largest)); no photo ID is left")
        }
        return next
    }

    private func storedCount() throws(PreferencesError) -> Int {
        switch counter {
        case .file(let preferences):
            return try Self.count(try preferences.value(forKey: Self.preferenceKey), path: place)
        case .defaults(let defaults, let domain):
            guard let stored = defaults.persistentDomain(forName: domain)?[Self.preferenceKey] else { return 0 }
            guard let count = stored as? Int else {
                throw .invalidValue(key: Self.preferenceKey, path: place, reason: "expected an integer, found \(type(of: stored))")
            }
            return try Self.count(.integer(count), path: place)
        }
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
