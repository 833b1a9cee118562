import Foundation

/// A property list dictionary with typed values, read and written as real XML plist files
/// through Foundation's `PropertyListSerialization`.
///
/// ```swift
/// let plist = PropertyList(["CFBundleIdentifier": "com.photosim.MyLocations"])
/// let again = try PropertyList(data: plist.data())
/// again.string("CFBundleIdentifier") // "com.photosim.MyLocations"
/// ```
public struct PropertyList: Sendable, Equatable {
    /// One value of a property list.
    public indirect enum Value: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
                                ExpressibleByBooleanLiteral {
        case string(String)
        case integer(Int)
        case boolean(Bool)
        case array([Value])
        case dictionary([String: Value])

        public init(stringLiteral value: String) { self = .string(value) }
        public init(integerLiteral value: Int) { self = .integer(value) }
        public init(booleanLiteral value: Bool) { self = .boolean(value) }
    }

    /// The top-level dictionary.
    public var entries: [String: Value]

    public init(_ entries: [String: Value]) {
        self.entries = entries
    }

    /// Parses XML or binary plist data whose top level is a dictionary.
    public init(data: Data) throws(PropertyListError) {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .unreadable(String(describing: error))
        }
        guard let dictionary = object as? [String: Any] else { throw .notADictionary }
        var entries: [String: Value] = [:]
        for (key, value) in dictionary { entries[key] = try PropertyList.value(from: value) }
        self.entries = entries
    }

    /// The string value of a key, or `nil` when absent or not a string.
    public func string(_ key: String) -> String? {
        if case .string(let text)? = entries[key] { return text }
        return nil
    }

    /// The XML form (what Xcode writes into an app bundle).
    public func data() -> Data {
        do {
            return try PropertyListSerialization.data(fromPropertyList: PropertyList.foundationObject(.dictionary(entries)),
                                                      format: .xml, options: 0)
        } catch {
            preconditionFailure("a PropertyList of strings, numbers and containers always serializes: \(error)")
        }
    }

    private static func foundationObject(_ value: Value) -> Any {
        switch value {
        case .string(let text): return text
        case .integer(let number): return NSNumber(value: number)
        case .boolean(let flag): return NSNumber(value: flag)
        case .array(let items): return items.map(foundationObject)
        case .dictionary(let entries): return entries.mapValues(foundationObject)
        }
    }

    private static func value(from object: Any) throws(PropertyListError) -> Value {
        switch object {
        case let text as String: return .string(text)
        case let flag as Bool: return .boolean(flag)
        case let number as Int: return .integer(number)
        case let number as NSNumber: return .integer(number.intValue)
        case let items as [Any]:
            var values: [Value] = []
            for item in items { values.append(try value(from: item)) }
            return .array(values)
        case let entries as [String: Any]:
            var values: [String: Value] = [:]
            for (key, item) in entries { values[key] = try value(from: item) }
            return .dictionary(values)
        default: throw .unsupportedValue(String(describing: type(of: object)))
        }
    }
}

/// Why a property list could not be read.
public enum PropertyListError: Error, Equatable, CustomStringConvertible {
    /// The data is not a property list.
    case unreadable(String)
    /// The top level is not a dictionary.
    case notADictionary
    /// A value has a type we do not model (date, data, real).
    case unsupportedValue(String)

    public var description: String {
        switch self {
        case .unreadable(let reason): return "not a property list: \(reason)"
        case .notADictionary: return "the property list's top level is not a dictionary"
        case .unsupportedValue(let type): return "the property list holds a \(type), which PhotoSim does not read"
        }
    }
}
