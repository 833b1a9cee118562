/// A plain value a scenario compares against: a preference, a query cell, an Info.plist entry.
///
/// A plain YAML scalar is typed by how it reads (`7` an integer, `0.5` a real, `true` a
/// boolean, `~`/`null` null); a quoted one is text, unless `${NAME}` substitution made it, in
/// which case it is typed by how the substituted text reads.
public enum ScenarioValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case boolean(Bool)
    case integer(Int64)
    case real(Double)
    case text(String)

    /// The value a plain scalar's text reads as.
    public init(reading text: String) {
        switch text {
        case "", "~", "null", "Null", "NULL": self = .null
        case "true", "True", "TRUE": self = .boolean(true)
        case "false", "False", "FALSE": self = .boolean(false)
        default:
            if let integer = Int64(text) {
                self = .integer(integer)
            } else if text.contains(where: \.isASCIIDigit), let real = Double(text), real.isFinite,
                      text.allSatisfy({ $0.isASCIIDigit || "+-.eE".contains($0) }) {
                self = .real(real)
            } else {
                self = .text(text)
            }
        }
    }

    public var description: String {
        switch self {
        case .null: return "null"
        case .boolean(let value): return String(value)
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return value
        }
    }
}
