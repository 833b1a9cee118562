/// Text made safe for one line of output: every control character is written visibly, so a
/// name, a step, a message or a trace line can neither split a line nor drive the terminal.
///
/// The one escaping every line-oriented output goes through: `simctl media list`, every message
/// simctl writes on standard error (``escapedKeepingLines(_:)``), names quoted in messages
/// (``quoted(_:)``), and for scenarios and exploration the text report, the progress and summary
/// lines of `simctl run` and `simctl explore`, load errors, the JUnit XML (which XML 1.0 could
/// not carry otherwise) and the HTML report.
/// Escaped are Unicode's control characters (U+0000–U+001F, U+007F–U+009F) and the line and
/// paragraph separators (U+2028, U+2029): `\n`, `\r`, `\t` and `\0` as such, any other as
/// `\u{1B}`, as Swift writes them. Everything else, a backslash included, is left as it is.
///
/// ```swift
/// VisibleText.escaped("beach\n\u{1B}[2J.jpg")     // #"beach\n\u{1B}[2J.jpg"#
/// VisibleText.quoted("My iPhone")                 // #""My iPhone""#
/// ```
public enum VisibleText {
    /// `text` with every control character written visibly (unchanged when it holds none).
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscaping(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// ``escaped(_:)`` for a message of several lines: newlines and tabs are kept, every other
    /// control character (an escape sequence from a file name, a NUL, a carriage return) is
    /// written visibly, so what a message quotes can neither drive the terminal nor overwrite a line.
    public static func escapedKeepingLines(_ text: String) -> String {
        let foreign: (Unicode.Scalar) -> Bool = { $0 != "\n" && $0 != "\t" && needsEscaping($0) }
        guard text.unicodeScalars.contains(where: foreign) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if foreign(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// `text` in double quotes, with control characters, quotes and backslashes escaped as Swift
    /// writes them in a literal: for a name inside a message.
    public static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.escaped(asASCII: false) }.joined() + "\""
    }

    /// Whether `scalar` is written escaped: a control character, or a line or paragraph separator.
    public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// The visible form of one scalar: `\n`, `\r`, `\t`, `\0`, else `\u{XX}` in upper-case hex.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\0": return "\\0"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
        }
    }
}
