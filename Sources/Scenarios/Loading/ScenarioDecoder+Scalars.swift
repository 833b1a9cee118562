/// Scalars: text, numbers, booleans, values, durations and sizes, after `${NAME}` substitution.
extension ScenarioDecoder {
    /// A scalar's text after substitution, and whether it is typed by how it reads (plain, or
    /// made by substitution); nil after reporting for a list, a map or nothing.
    func scalar(_ node: YAMLNode, in context: String, what: String = "text") -> (text: String, typed: Bool)? {
        guard case .scalar(let raw, let quoted) = node.content, !node.isNull else {
            return expected(what, in: context, at: node)
        }
        switch EnvironmentSubstitution.substitute(raw, environment: environment) {
        case .success(let result):
            return (result.text, !quoted || result.changed)
        case .failure(.undefined(let name)):
            return fail(node, "`\(context)`: `${\(name)}` is not defined; add \(name) under `env:` in the header or pass it with -e \(name)=…\(NameSuggestion.hint(for: name, in: environment.keys.sorted()))")
        case .failure(.notAName(let expression)):
            return fail(node, "`\(context)`: `${\(expression)}` is not a variable name; only ${NAME} is substituted (no JavaScript)")
        case .failure(.unclosed):
            return fail(node, "`\(context)`: `${` without a closing `}` in `\(raw)`")
        }
    }

    func text(_ node: YAMLNode, in context: String) -> String? {
        scalar(node, in: context)?.text
    }

    /// A whole number in `range`.
    func integer(_ node: YAMLNode, in context: String, range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
        let what = range == Int.min...Int.max ? "a whole number" : "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard let scalar = scalar(node, in: context, what: what) else { return nil }
        guard let value = Int(scalar.text.trimmingSpaces), range.contains(value) else {
            return fail(node, "`\(context)`: expected \(what), found `\(scalar.text)`")
        }
        return value
    }

    /// A number (whole or decimal) in `range`.
    func number(_ node: YAMLNode, in context: String, range: ClosedRange<Double>) -> Double? {
        let what = "a number from \(range.lowerBound.shortDescription) to \(range.upperBound.shortDescription)"
        guard let scalar = scalar(node, in: context, what: what) else { return nil }
        guard let value = Double(scalar.text.trimmingSpaces), range.contains(value) else {
            return fail(node, "`\(context)`: expected \(what), found `\(scalar.text)`")
        }
        return value
    }

    /// `true` or `false` (any case).
    func boolean(_ node: YAMLNode, in context: String) -> Bool? {
        guard let scalar = scalar(node, in: context, what: "true or false") else { return nil }
        switch scalar.text.lowercased() {
        case "true": return true
        case "false": return false
        default: return fail(node, "`\(context)`: expected true or false, found `\(scalar.text)`")
        }
    }

    /// A plain value: null (`~`), boolean, integer, real or text (see ``ScenarioValue``).
    func value(_ node: YAMLNode, in context: String) -> ScenarioValue? {
        if node.isNull { return .null }
        guard let scalar = scalar(node, in: context, what: "a value (text, number, true/false or ~)") else { return nil }
        return scalar.typed ? ScenarioValue(reading: scalar.text) : .text(scalar.text)
    }

    /// `250ms`, `2s`, `5m`, `1h`.
    func duration(_ node: YAMLNode, in context: String) -> ScenarioDuration? {
        let what = "a duration such as 250ms, 2s, 5m or 1h"
        guard let scalar = scalar(node, in: context, what: what) else { return nil }
        guard let duration = ScenarioDuration(parsing: scalar.text.trimmingSpaces) else {
            let hint = Int(scalar.text) != nil ? " (add a unit: ms, s, m or h)" : ""
            return fail(node, "`\(context)`: expected \(what) up to 366 days, found `\(scalar.text)`\(hint)")
        }
        return duration
    }

    /// `300MB`, `512KB`, `1.5GB`.
    func byteSize(_ node: YAMLNode, in context: String) -> ByteSize? {
        let what = "a size such as 300MB, 512KB or 2GB"
        guard let scalar = scalar(node, in: context, what: what) else { return nil }
        guard let size = ByteSize(parsing: scalar.text.trimmingSpaces) else {
            let hint = Int(scalar.text) != nil ? " (add a unit: B, KB, MB or GB)" : ""
            return fail(node, "`\(context)`: expected \(what), found `\(scalar.text)`\(hint)")
        }
        return size
    }

    /// A list of texts; a single text is a list of one when `allowSingle`.
    func textList(_ node: YAMLNode, in context: String, allowSingle: Bool = false) -> [String]? {
        if allowSingle, case .scalar = node.content, !node.isNull { return text(node, in: context).map { [$0] } }
        guard let items = node.items else { return expected("a list of texts", in: context, at: node) }
        let texts = items.compactMap { text($0, in: context) }
        return texts.count == items.count ? texts : nil
    }
}

extension String {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

extension Double {
    /// `90` rather than `90.0`.
    var shortDescription: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
