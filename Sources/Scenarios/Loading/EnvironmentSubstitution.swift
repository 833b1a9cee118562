/// Replaces `${NAME}` in a value with the variable's text, as Maestro's flows write parameters.
///
/// Only plain names (`[A-Za-z_][A-Za-z0-9_]*`) are substituted: Maestro evaluates `${…}` as
/// JavaScript, which PhotoSim does not run, so an expression is an error rather than a silent
/// literal. A `$` not followed by `{` is kept as it is.
enum EnvironmentSubstitution {
    /// Why a value could not be substituted.
    enum Problem: Error, Equatable {
        case undefined(String)
        case notAName(String)
        case unclosed
    }

    /// The text with every `${NAME}` replaced, and whether any was.
    static func substitute(_ text: String, environment: [String: String]) -> Result<(text: String, changed: Bool), Problem> {
        guard text.contains("${") else { return .success((text, false)) }
        var output = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            output += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { return .failure(.unclosed) }
            let name = String(rest[start.upperBound..<end])
            guard isName(name) else { return .failure(.notAName(name)) }
            guard let value = environment[name] else { return .failure(.undefined(name)) }
            output += value
            rest = rest[rest.index(after: end)...]
        }
        output += rest
        return .success((output, true))
    }

    /// Whether `name` is a variable name.
    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        let isLetter: (Unicode.Scalar) -> Bool = { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_" }
        return isLetter(first) && name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }
}
