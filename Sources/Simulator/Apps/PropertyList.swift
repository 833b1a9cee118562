import Core
import Foundation

/// A property list dictionary with typed values, read and written as real XML plist files
/// through Foundation's `PropertyListEncoder` and `PropertyListDecoder`.
///
/// (Not `PropertyListSerialization`: in a binary linked with `--static-swift-stdlib` on this
/// toolchain it traps on bridged Swift values, "property lists cannot contain objects of type
/// 'Not A Type'". The Codable coders are pure Swift and write the same XML.)
///
/// ```swift
/// let plist = PropertyList(["CFBundleIdentifier": "com.photosim.MyLocations"])
/// let again = try PropertyList(data: plist.data())
/// again.string("CFBundleIdentifier") // "com.photosim.MyLocations"
/// ```
public struct PropertyList: Sendable, Equatable {
    /// One value of a property list: Core's, so the app and the simulator read plists alike.
    public typealias Value = PropertyListValue

    /// The top-level dictionary.
    public var entries: [String: Value]

    public init(_ entries: [String: Value]) {
        self.entries = entries
    }

    /// Parses XML or binary plist data whose top level is a dictionary.
    public init(data: Data) throws(PropertyListError) {
        do {
            self.entries = try PropertyListDecoder().decode([String: Value].self, from: data)
        } catch DecodingError.typeMismatch {
            throw .notADictionary
        } catch {
            throw .unreadable(String(describing: error))
        }
    }

    /// The string value of a key, or `nil` when absent or not a string.
    public func string(_ key: String) -> String? {
        if case .string(let text)? = entries[key] { return text }
        return nil
    }

    /// The XML form (what Xcode writes into an app bundle), keys sorted.
    public func data() -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        do {
            return try encoder.encode(entries)
        } catch {
            preconditionFailure("a PropertyList of strings, numbers and containers always encodes: \(error)")
        }
    }
}

/// Why a property list could not be read.
public enum PropertyListError: Error, Equatable, CustomStringConvertible {
    /// The data is not a property list.
    case unreadable(String)
    /// The top level is not a dictionary.
    case notADictionary

    public var description: String {
        switch self {
        case .unreadable(let reason): return "not a property list: \(reason)"
        case .notADictionary: return "the property list's top level is not a dictionary"
        }
    }
}
