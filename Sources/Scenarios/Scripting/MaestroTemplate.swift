import Foundation

/// Maestro's `${…}` in a value (maestro-orchestra `Env.kt` `evaluateScripts`): each `${script}`
/// not after a backslash is JavaScript, replaced by its value (a blank one by nothing); then
/// `\${…}` loses its backslash and stays as written. The script runs to the last `}` before the
/// next `$`, as Maestro's pattern `(?<!\\)\$\{([^$]*)}` takes it.
enum MaestroTemplate {
    private static let script = try! NSRegularExpression(pattern: #"(?<!\\)\$\{([^$]*)\}"#)
    private static let escaped = try! NSRegularExpression(pattern: #"\\\$\{([^$]*)\}"#)

    /// The scripts of `text`, in order (empty when it has none).
    static func scripts(in text: String) -> [String] {
        guard text.contains("${") else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return script.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// Whether `name` is a variable's name as `env` keys and `${NAME}` write it:
    /// `[A-Za-z_][A-Za-z0-9_]*`.
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        let isLetter: (Unicode.Scalar) -> Bool = { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_" }
        return isLetter(first) && name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }

    /// Whether `text` holds a script or an escaped `\${…}`.
    static func isTemplate(_ text: String) -> Bool { text.contains("${") }

    /// `text` with every script replaced by what `evaluate` makes of it, and escapes undone.
    static func evaluate<Failure: Error>(_ text: String, _ evaluate: (String) throws(Failure) -> String) throws(Failure) -> String {
        guard text.contains("${") else { return text }
        var output = ""
        var last = text.startIndex
        for match in script.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(match.range, in: text), let inner = Range(match.range(at: 1), in: text) else { continue }
            output += text[last..<whole.lowerBound]
            let source = String(text[inner])
            if !source.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { output += try evaluate(source) }
            last = whole.upperBound
        }
        output += text[last...]
        return unescaped(output)
    }

    /// `\${…}` as `${…}`.
    static func unescaped(_ text: String) -> String {
        guard text.contains("\\${") else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return escaped.stringByReplacingMatches(in: text, range: range, withTemplate: "\\$\\{$1\\}")
    }
}
