import Foundation

extension PropertyListValue {
    /// Reads a property list in binary or XML format.
    ///
    /// Through Foundation's `PropertyListDecoder`, not `PropertyListSerialization`: in a binary
    /// linked with `--static-swift-stdlib` on this toolchain, `PropertyListSerialization` traps on
    /// bridged Swift values ("property lists cannot contain objects of type 'Not A Type'").
    public static func decode(_ bytes: Data) throws(DecodingError) -> PropertyListValue {
        do {
            return try PropertyListDecoder().decode(PropertyListValue.self, from: bytes)
        } catch let error as Swift.DecodingError {
            throw DecodingError(reason: Self.reason(error))
        } catch {
            throw DecodingError(reason: String(describing: error))
        }
    }

    /// Reads a property list whose top level must be a dictionary (an `Info.plist`, a preferences
    /// file, a container's metadata), in binary or XML format.
    ///
    /// - Throws: ``DecodingError`` saying "not a property list: " and Foundation's reason when the
    ///   bytes are no property list, or "the top level is an array, not a dictionary" (naming what
    ///   it is) when they are one of another shape.
    public static func decodeDictionary(_ bytes: Data) throws(DecodingError) -> [String: PropertyListValue] {
        let root: PropertyListValue
        do {
            root = try decode(bytes)
        } catch {
            throw DecodingError(reason: "not a property list: \(error.reason)")
        }
        guard let dictionary = root.dictionary else {
            throw DecodingError(reason: "the top level is \(root.typeNameWithArticle), not a dictionary")
        }
        return dictionary
    }

    /// The value as an XML property list. The value must be a dictionary or an array: Foundation's
    /// encoder refuses a lone string, number, date or data at the top level.
    ///
    /// XML rather than the binary format iOS writes: on Linux, Foundation's binary writer orders
    /// dictionary keys by the per-process hash seed, so equal contents would give different bytes
    /// from run to run; the XML writer sorts keys. ``decode(_:)`` reads both formats.
    public func encodedXML() -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        do {
            return try encoder.encode(self)
        } catch {
            preconditionFailure("a property list's top level is a dictionary or an array, not \(typeNameWithArticle): \(error)")
        }
    }

    private static func reason(_ error: Swift.DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
             .keyNotFound(_, let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        @unknown default:
            return String(describing: error)
        }
    }
}

extension PropertyListValue: Codable {
    /// Reads whichever plist type the element is. Integers are tried before reals, so `<real>2</real>`
    /// reads as `.integer(2)`: the plist coders do not tell the two apart for whole numbers.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .real(value)
        } else if let value = try? container.decode(Date.self) {
            self = .date(value)
        } else if let value = try? container.decode(Data.self) {
            self = .data(value)
        } else if let value = try? container.decode([PropertyListValue].self) {
            self = .array(value)
        } else {
            self = .dictionary(try container.decode([String: PropertyListValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .real(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .dictionary(let values): try container.encode(values)
        }
    }
}

extension PropertyListValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
