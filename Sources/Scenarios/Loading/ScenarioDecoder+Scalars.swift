import Simulator

/// Scalars: text, numbers, booleans, values, durations and sizes, after `${NAME}` substitution.
extension ScenarioDecoder {
    /// A scalar's text after substitution, and whether it is typed by how it reads (plain, or
    /// made by substitution); nil after reporting for a list, a map or nothing.
    ///
    /// A `${NAME}` of a variable is its value now, as is every `${…}` of a `scripted` text whose
    /// scripts are all such names. Any other script of a `scripted` text (an expression, a name
    /// set only as the flow runs) leaves the text as written, to be worked out when its command
    /// runs (``LoadSession/keptScripts``); elsewhere it is refused, since the value is needed now.
    func scalar(_ node: YAMLNode, in context: String, what: String = "text", scripted: Bool = false) -> (text: String, typed: Bool)? {
        guard case .scalar(let raw, let quoted) = node.content, !node.isNull else {
            return expected(what, in: context, at: node)
        }
        guard MaestroTemplate.isTemplate(raw) else { return (raw, !quoted) }
        let scripts = MaestroTemplate.scripts(in: raw)
        let names = scripts.map { $0.trimmingCharacters(in: .whitespaces) }
        if names.allSatisfy({ MaestroTemplate.isVariableName($0) && environment[$0] != nil }) {
            let text = MaestroTemplate.evaluate(raw) { (script: String) -> String in
                environment[script.trimmingCharacters(in: .whitespaces)] ?? ""
            }
            return (text, !quoted || !scripts.isEmpty)
        }
        if scripted {
            session.keptScripts = true
            return (raw, !quoted)
        }
        if let name = names.first(where: { MaestroTemplate.isVariableName($0) && environment[$0] == nil }) {
            return fail(node, "`\(context)`: `${\(name)}` is not defined; add \(name) under `env:` in the header or pass it with -e \(name)=…\(NameSuggestion.hint(for: name, in: environment.keys.sorted()))")
        }
        let expression = names.first { !MaestroTemplate.isVariableName($0) } ?? ""
        return fail(node, "`\(context)`: `${\(expression)}` is JavaScript, which runs when its command does, and this value is "
            + "needed when the file loads (only a command's text, numbers and media files wait for it); write the value, or a ${NAME} set "
            + "under `env:` or with -e")
    }

    func text(_ node: YAMLNode, in context: String) -> String? {
        scalar(node, in: context)?.text
    }

    /// Text where Maestro's JavaScript may stand (what is typed, looked for, or evaluated): its
    /// scripts are worked out when the command runs.
    func scriptText(_ node: YAMLNode, in context: String) -> String? {
        scalar(node, in: context, scripted: true)?.text
    }

    /// A variable's value (`env`, a `runFlow`'s `env`): its scripts worked out now, with the
    /// variables known so far (Maestro's DefineVariablesCommand works its values out as it runs).
    func variableValue(_ node: YAMLNode, in context: String) -> String? {
        if node.isNull { return "" }
        guard case .scalar(let raw, _) = node.content, MaestroTemplate.isTemplate(raw),
              !MaestroTemplate.scripts(in: raw).allSatisfy({ environment[$0.trimmingCharacters(in: .whitespaces)] != nil }) else {
            return text(node, in: context)
        }
        let engine: MaestroJavaScript
        switch session.loadScripts {
        case .success(let made): engine = made
        case .failure(let failure): return fail(node, "`\(context)`: \(failure)")
        }
        do throws(MaestroJavaScript.Failure) {
            return try MaestroTemplate.evaluate(raw) { (script: String) throws(MaestroJavaScript.Failure) -> String in
                try engine.evaluate(script, source: file, line: node.location.line, variables: environment,
                                    now: RuntimeDevice.epochDate.timeIntervalSince1970 * 1_000, seed: 0)
            }
        } catch {
            return fail(node, "`\(context)`: JavaScript: \(error)")
        }
    }

    /// Whether `node` is a number of a command that holds JavaScript (a `${…}` other than a
    /// variable known now): Maestro works it out as the command runs, so its place is kept for
    /// then (``DeferredValues``) and the caller stands a value in for it.
    func isDeferredScript(_ node: YAMLNode) -> Bool {
        guard session.deferredScripts != nil, case .scalar(let raw, _) = node.content, MaestroTemplate.isTemplate(raw),
              MaestroTemplate.scripts(in: raw).contains(where: { !MaestroTemplate.isVariableName($0.trimmingCharacters(in: .whitespaces)) })
        else { return false }
        session.deferredScripts?.insert(node.location)
        return true
    }

    /// A whole number in `range`.
    func integer(_ node: YAMLNode, in context: String, range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
        if isDeferredScript(node) { return range.contains(1) ? 1 : range.lowerBound }
        let what = range == Int.min...Int.max ? "a whole number" : "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard let scalar = scalar(node, in: context, what: what) else { return nil }
        guard let value = Int(scalar.text.trimmingSpaces), range.contains(value) else {
            return fail(node, "`\(context)`: expected \(what), found `\(scalar.text)`")
        }
        return value
    }

    /// A number (whole or decimal) in `range`.
    func number(_ node: YAMLNode, in context: String, range: ClosedRange<Double>) -> Double? {
        if isDeferredScript(node) { return range.contains(0) ? 0 : range.lowerBound }
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
