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
/// ```swift
/// let preferences = try Preferences(containerPath: container, bundleIdentifier: "com.example.MyLocations",
///                                   fileSystem: POSIXFileSystem())
/// try preferences.set(.integer(3), forKey: "PhotoID")
/// ```
public final class Preferences {
    /// The plist file.
    public let path: String
    private let fileSystem: FileSystem
    private var values: [String: PropertyListValue]

    /// Loads the file, or starts empty when there is none yet.
    /// - Throws: ``PreferencesError/corrupt(path:reason:)`` when the file is not a plist dictionary,
    ///   ``PreferencesError/readFailed(path:_:)`` when it cannot be read.
    public init(containerPath: String, bundleIdentifier: String, fileSystem: FileSystem) throws(PreferencesError) {
        precondition(!bundleIdentifier.isEmpty && !bundleIdentifier.contains("/"),
                     "a bundle identifier is a non-empty name without '/', got \"\(bundleIdentifier)\"")
        self.path = Self.path(containerPath: containerPath, bundleIdentifier: bundleIdentifier)
        self.fileSystem = fileSystem
        self.values = try Self.load(path, from: fileSystem)
    }

    /// Where iOS keeps an app's preferences inside its data container.
    public static func path(containerPath: String, bundleIdentifier: String) -> String {
        containerPath.appendingPathComponent("Library/Preferences").appendingPathComponent("\(bundleIdentifier).plist")
    }

    /// Every key that has a value, sorted.
    public var keys: [String] { values.keys.sorted() }

    /// The value stored under `key`, or `nil`.
    public func value(forKey key: String) -> PropertyListValue? {
        values[key]
    }

    /// The integer stored under `key`, or `nil` when there is none.
    /// - Throws: ``PreferencesError/invalidValue(key:path:reason:)`` when the key holds another type.
    public func integer(forKey key: String) throws(PreferencesError) -> Int? {
        guard let value = values[key] else { return nil }
        guard let integer = value.integer else {
            throw .invalidValue(key: key, path: path, reason: "expected an integer, found a \(value.typeName)")
        }
        return integer
    }

    /// Stores `value` under `key` (removes the key when `value` is `nil`) and saves the file.
    ///
    /// When it returns, the change is on disk. When it throws, neither the file nor the values in
    /// memory changed (unless the file system simulated a crash after its write: then the disk
    /// has the change and this object must not be used again).
    public func set(_ value: PropertyListValue?, forKey key: String) throws(PreferencesError) {
        var changed = values
        changed[key] = value
        try save(changed)
        values = changed
    }

    // MARK: - File

    private func save(_ changed: [String: PropertyListValue]) throws(PreferencesError) {
        let bytes = PropertyListValue.dictionary(changed).encodedXML()
        do {
            try fileSystem.createDirectory(at: path.deletingLastPathComponent)
            try fileSystem.writeAtomically(bytes, to: path)
        } catch {
            throw .writeFailed(path: path, error)
        }
    }

    private static func load(_ path: String, from fileSystem: FileSystem) throws(PreferencesError) -> [String: PropertyListValue] {
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
