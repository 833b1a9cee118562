import Foundation

/// The app's durable key-value settings: the plist iOS keeps for `UserDefaults`.
///
/// The file lives at `<container>/Library/Preferences/<bundle id>.plist` and is read and written
/// through the ``FileSystem`` seam. Unlike `UserDefaults`, every change is durable when
/// ``set(_:forKey:)`` returns (an atomic, fsynced replace of the whole file), so a counter read
/// after a crash is never older than a value the app already handed out. The file is written as
/// an XML plist (see ``PropertyListValue/encodedXML()`` for why not binary); binary files, as iOS
/// writes them, are read too.
///
/// Nothing is cached: every read reads the file, and every change reads it, changes the one key
/// and writes it back. So several instances on one file (an app killed and relaunched in the
/// same process while its old instance is still referenced) always see each other's changes,
/// and a counter is never handed out from a stale copy. A change is one read-modify-write, not a
/// lock: callers that change the same key from several threads or processes at once serialise
/// those changes themselves (``LocationPhotos`` allocates photo IDs under its store's write lock).
///
/// ```swift
/// let preferences = try Preferences(containerPath: container, bundleIdentifier: "com.example.MyLocations",
///                                   fileSystem: POSIXFileSystem())
/// try preferences.set(.integer(3), forKey: "PhotoID")
/// ```
public final class Preferences {
    /// The plist file.
    public let path: String
    private let fileSystem: FileSystem

    /// Checks the file, which may not exist yet (then the preferences start empty).
    /// - Throws: ``PreferencesError/corrupt(path:reason:)`` when the file is not a plist dictionary,
    ///   ``PreferencesError/readFailed(path:_:)`` when it cannot be read.
    public init(containerPath: String, bundleIdentifier: String, fileSystem: FileSystem) throws(PreferencesError) {
        precondition(!bundleIdentifier.isEmpty && !bundleIdentifier.contains("/"),
                     "a bundle identifier is a non-empty name without '/', got \"\(bundleIdentifier)\"")
        self.path = Self.path(containerPath: containerPath, bundleIdentifier: bundleIdentifier)
        self.fileSystem = fileSystem
        _ = try load()
    }

    /// Where iOS keeps an app's preferences inside its data container.
    public static func path(containerPath: String, bundleIdentifier: String) -> String {
        containerPath.appendingPathComponent("Library/Preferences").appendingPathComponent("\(bundleIdentifier).plist")
    }

    /// Every key that has a value in the file now, sorted.
    /// - Throws: ``PreferencesError/corrupt(path:reason:)``, ``PreferencesError/readFailed(path:_:)``.
    public var keys: [String] {
        get throws(PreferencesError) { try load().keys.sorted() }
    }

    /// The value the file holds under `key` now, or `nil`.
    /// - Throws: ``PreferencesError/corrupt(path:reason:)``, ``PreferencesError/readFailed(path:_:)``.
    public func value(forKey key: String) throws(PreferencesError) -> PropertyListValue? {
        try load()[key]
    }

    /// The integer the file holds under `key` now, or `nil` when there is none.
    /// - Throws: ``PreferencesError/invalidValue(key:path:reason:)`` when the key holds another type,
    ///   and the errors of ``value(forKey:)``.
    public func integer(forKey key: String) throws(PreferencesError) -> Int? {
        try Self.integer(try value(forKey: key), key: key, path: path)
    }

    /// Stores `value` under `key` (removes the key when `value` is `nil`) and saves the file; the
    /// other keys keep what the file holds now.
    ///
    /// When it returns, the change is on disk. When it throws, the file did not change (unless
    /// the file system simulated a crash after its write: then the disk has the change).
    public func set(_ value: PropertyListValue?, forKey key: String) throws(PreferencesError) {
        try update(forKey: key) { _ throws(PreferencesError) in value }
    }

    /// Reads the value under `key`, stores what `change` makes of it and returns that: one
    /// read-modify-write of the file, as a counter needs. When `change` throws, nothing is written.
    @discardableResult
    public func update(forKey key: String,
                       _ change: (PropertyListValue?) throws(PreferencesError) -> PropertyListValue?)
        throws(PreferencesError) -> PropertyListValue? {
        var values = try load()
        let changed = try change(values[key])
        values[key] = changed
        try save(values)
        return changed
    }

    /// `value` as an integer, or the error naming `key` when it is another type.
    static func integer(_ value: PropertyListValue?, key: String, path: String) throws(PreferencesError) -> Int? {
        guard let value else { return nil }
        guard let integer = value.integer else {
            throw .invalidValue(key: key, path: path, reason: "expected an integer, found a \(value.typeName)")
        }
        return integer
    }

    // MARK: - File

    private func save(_ changed: [String: PropertyListValue]) throws(PreferencesError) {
        let bytes = PropertyListValue.dictionary(changed).encodedXML()
        do {
            try fileSystem.createDirectory(at: path.deletingLastPathComponent)
            try fileSystem.writeAtomically(bytes, to: path, beforeRename: .preferencesWriteBeforeRename)
            try fileSystem.reach(.preferencesWriteAfterWrite)
        } catch {
            throw .writeFailed(path: path, error)
        }
    }

    private func load() throws(PreferencesError) -> [String: PropertyListValue] {
        let bytes: Data
        do {
            bytes = try fileSystem.contents(of: path)
        } catch .notFound {
            return [:]
        } catch {
            throw .readFailed(path: path, error)
        }
        let root: PropertyListValue
        do {
            root = try PropertyListValue.decode(bytes)
        } catch {
            throw .corrupt(path: path, reason: error.reason)
        }
        guard let dictionary = root.dictionary else {
            throw .corrupt(path: path, reason: "the top level is a \(root.typeName), not a dictionary")
        }
        return dictionary
    }
}
