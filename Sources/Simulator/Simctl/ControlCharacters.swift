/// Text made safe for one line of terminal output: control characters shown as escapes.
///
/// A name a user or a file chose (a photo's original file name, a scenario's name) may hold a
/// newline, which would split a one-line-per-item listing, or an escape sequence, which a
/// terminal would act on. Every line-oriented output passes such text through ``escaped(_:)``.
///
/// ```swift
/// ControlCharacters.escaped("beach\n\u{1B}[2J.jpg")   // "beach\\n\\u{1B}[2J.jpg"
/// ControlCharacters.quoted("My iPhone")                // "\"My iPhone\""
/// ```
public enum ControlCharacters {
    /// `text` with every control character (Unicode category Cc, and the line and paragraph
    /// separators U+2028 and U+2029) written as Swift writes it in a literal: `\n`, `\t`, `\r`,
    /// `\0`, else `\u{1B}`. Everything else, other scripts and emoji included, is kept.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) { result += scalar.escaped(asASCII: true) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// ``escaped(_:)`` for a message of several lines: newlines and tabs are kept, every other
    /// control character (an escape sequence from a file name, a NUL, a carriage return) is
    /// escaped, so what a message quotes can neither act on the terminal nor overwrite a line.
    public static func escapedKeepingLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isForeignControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isForeignControl(scalar) { result += scalar.escaped(asASCII: true) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    private static func isForeignControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && isControl(scalar)
    }

    /// `text` in double quotes, with control characters, quotes and backslashes escaped.
    public static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.escaped(asASCII: false) }.joined() + "\""
    }

    /// True for a scalar that moves the cursor, ends a line or starts a terminal sequence.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
