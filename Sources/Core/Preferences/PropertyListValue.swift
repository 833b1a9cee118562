import Foundation

/// One value of a property list: the types `PropertyListSerialization` reads and writes.
///
/// Core keeps property lists as this enum rather than `Any`, so a value's type is checked once,
/// where the file is read, and every later use is exhaustive.
///
/// ```swift
/// let settings: PropertyListValue = .dictionary(["PhotoID": .integer(7)])
/// let bytes = settings.encodedXML()
/// #expect(try PropertyListValue.decode(bytes) == settings)
/// #expect(try PropertyListValue.decodeDictionary(bytes)["PhotoID"]?.integer == 7)
/// ```
///
/// It is the one property-list type of the package: the app's preferences, the location store's
/// metadata and the simulator's `Info.plist` and container metadata files all read and write
/// through it.
public enum PropertyListValue: Equatable, Sendable {
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case string(String)
    case data(Data)
    case date(Date)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// Why bytes could not be read as a property list, in Foundation's words where it gave any.
    public struct DecodingError: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// The integer, if this is one.
    public var integer: Int? { if case .integer(let value) = self { return value } else { return nil } }
    /// The string, if this is one.
    public var string: String? { if case .string(let value) = self { return value } else { return nil } }
    /// The array, if this is one.
    public var array: [PropertyListValue]? { if case .array(let value) = self { return value } else { return nil } }
    /// The dictionary, if this is one.
    public var dictionary: [String: PropertyListValue]? {
        if case .dictionary(let value) = self { return value } else { return nil }
    }

    /// A short name of the case, for messages ("integer", "string" ...).
    public var typeName: String {
        switch self {
        case .integer: return "integer"
        case .real: return "real"
        case .bool: return "boolean"
        case .string: return "string"
        case .data: return "data"
        case .date: return "date"
        case .array: return "array"
        case .dictionary: return "dictionary"
        }
    }

    /// ``typeName`` after "a" or "an", for sentences ("an integer", "a string").
    public var typeNameWithArticle: String {
        let name = typeName
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }
}
