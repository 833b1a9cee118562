import Foundation

extension PropertyListValue {
    /// Reads a property list in any format Foundation knows (binary, XML or OpenStep).
    public static func decode(_ bytes: Data) throws(DecodingError) -> PropertyListValue {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
        } catch {
            let debugDescription = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw DecodingError(reason: debugDescription ?? error.localizedDescription)
        }
        return try PropertyListValue(foundationObject: object)
    }

    /// The value as an XML property list.
    ///
    /// XML rather than the binary format iOS writes: on Linux, Foundation's binary writer orders
    /// dictionary keys by the per-process hash seed, so equal contents would give different bytes
    /// from run to run; the XML writer sorts keys. ``decode(_:)`` reads both formats.
    public func encodedXML() -> Data {
        do {
            return try PropertyListSerialization.data(fromPropertyList: foundationObject, format: .xml, options: 0)
        } catch {
            preconditionFailure("every PropertyListValue is serializable, yet Foundation said: \(error)")
        }
    }

    /// The Foundation object `PropertyListSerialization` takes.
    var foundationObject: Any {
        switch self {
        case .integer(let value): return value
        case .real(let value): return value
        case .bool(let value): return value
        case .string(let value): return value
        case .data(let value): return value
        case .date(let value): return value
        case .array(let values): return values.map(\.foundationObject)
        case .dictionary(let values): return values.mapValues(\.foundationObject)
        }
    }

    /// Converts what `PropertyListSerialization` returned. Booleans arrive as `Bool`; integers
    /// and reals both as `NSNumber`, told apart by their Objective-C type code. The number test
    /// comes first and checks the dynamic type, because on Linux `NSNumber(1) as? Bool` succeeds.
    init(foundationObject object: Any) throws(DecodingError) {
        if type(of: object) is NSNumber.Type, let number = object as? NSNumber {
            self = Self.number(number)
            return
        }
        switch object {
        case let value as Bool:
            self = .bool(value)
        case let value as String:
            self = .string(value)
        case let value as Data:
            self = .data(value)
        case let value as Date:
            self = .date(value)
        case let values as [Any]:
            var converted: [PropertyListValue] = []
            for value in values { converted.append(try PropertyListValue(foundationObject: value)) }
            self = .array(converted)
        case let values as [AnyHashable: Any]:
            self = .dictionary(try Self.convert(values))
        default:
            throw DecodingError(reason: "unexpected value of type \(type(of: object))")
        }
    }

    private static func number(_ number: NSNumber) -> PropertyListValue {
        switch String(cString: number.objCType) {
        case "d", "f": return .real(number.doubleValue)
        case "c", "B": return .bool(number.boolValue)
        default: return .integer(number.intValue)
        }
    }

    private static func convert(_ values: [AnyHashable: Any]) throws(DecodingError) -> [String: PropertyListValue] {
        var converted: [String: PropertyListValue] = [:]
        for (key, value) in values {
            guard let name = key.base as? String else {
                throw DecodingError(reason: "dictionary key \(key) is not a string")
            }
            converted[name] = try PropertyListValue(foundationObject: value)
        }
        return converted
    }
}
