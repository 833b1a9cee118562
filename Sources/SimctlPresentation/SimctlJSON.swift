import Foundation

/// A JSON value printed the way Apple's `simctl list --json` prints (Foundation's
/// `NSJSONSerialization` pretty form): two-space indent, `"key" : value`, slashes escaped as
/// `\/`, and an empty array or object opened and closed on separate lines with a blank line
/// between. Object keys are printed sorted, so the output is the same on every run (Apple's
/// order follows its dictionaries' hashing).
public indirect enum SimctlJSON: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([SimctlJSON])
    case object([String: SimctlJSON])

    /// The pretty-printed text, with a final newline.
    ///
    /// Foundation's `JSONEncoder` with `.prettyPrinted` writes exactly this layout (two-space
    /// indent, `" : "`, empty containers on two lines with a blank between, `/` escaped by
    /// default); `.sortedKeys` makes the key order stable.
    public func rendered(escapingSlashes: Bool = true) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = escapingSlashes ? [.prettyPrinted, .sortedKeys]
            : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
        } catch {
            preconditionFailure("strings, integers, booleans and containers always encode: \(error)")
        }
    }
}

extension SimctlJSON: Encodable {
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .boolean(let flag): try container.encode(flag)
        case .array(let items): try container.encode(items)
        case .object(let entries): try container.encode(entries)
        }
    }
}
