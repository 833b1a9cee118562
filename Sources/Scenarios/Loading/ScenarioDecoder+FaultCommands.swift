import Core
import Simulator

/// The arguments of the fault commands `injectFault`, `crashAt` and `killAtTraceEvent` (docs/faults.md;
/// `setFaultRate` takes a number).
extension ScenarioDecoder {
    /// `{kind, on, nth, path}`: `kind` required; `on` defaults to `write`, `nth` to 1.
    func injectFault(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "injectFault", keys: ["kind", "on", "nth", "path"], required: ["kind"],
                              shape: "{kind, on, nth, path}"), let kindNode = map["kind"] else { return nil }
        let kind = word(kindNode, in: "injectFault.kind", FaultKind.allCases.map(\.rawValue)).flatMap(FaultKind.init(rawValue:))
        let operation = map["on"].map {
            word($0, in: "injectFault.on", FaultOperation.allCases.map(\.rawValue)).flatMap(FaultOperation.init(rawValue:))
        }
        let nth = map["nth"].map { integer($0, in: "injectFault.nth", range: 1...1_000_000) }
        let path = map["path"].map { text($0, in: "injectFault.path") }
        guard let kind, operation != .some(nil), nth != .some(nil), path != .some(nil) else { return nil }
        return .injectFault(FaultInjection(kind: kind, operation: (operation ?? .write) ?? .write, nth: (nth ?? 1) ?? 1,
                                           path: path ?? nil))
    }

    /// A crash point's name, or `{point, occurrence}`.
    func crashAt(_ argument: YAMLNode) -> ScenarioCommand? {
        if case .scalar = argument.content, !argument.isNull {
            return crashPointName(argument, in: "crashAt").map { .crashAt(point: $0, occurrence: 1) }
        }
        guard let map = keyed(argument, in: "crashAt", keys: ["point", "occurrence"], required: ["point"],
                              shape: "a crash point's name, or {point, occurrence}"), let pointNode = map["point"] else { return nil }
        let point = crashPointName(pointNode, in: "crashAt.point")
        let occurrence = map["occurrence"].map { integer($0, in: "crashAt.occurrence", range: 1...1_000_000) }
        guard let point, occurrence != .some(nil) else { return nil }
        return .crashAt(point: point, occurrence: (occurrence ?? 1) ?? 1)
    }

    /// `{after: N}` (trace line number, from 1) or `{contains: text}`.
    func killAtTraceEvent(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "killAtTraceEvent", keys: ["after", "contains"],
                              shape: "{after: <trace line number>} or {contains: <text>}") else { return nil }
        switch (map["after"], map["contains"]) {
        case (let after?, nil):
            return integer(after, in: "killAtTraceEvent.after", range: 1...10_000_000).map { .killAtTraceEvent(.after($0)) }
        case (nil, let contains?):
            return text(contains, in: "killAtTraceEvent.contains").map { .killAtTraceEvent(.containing($0)) }
        default:
            return fail(argument, "`killAtTraceEvent`: give `after` (a trace line number) or `contains` (a text), one of them")
        }
    }

    /// A known crash point's name; an unknown one is reported with the nearest known name.
    private func crashPointName(_ node: YAMLNode, in context: String) -> String? {
        guard let name = text(node, in: context) else { return nil }
        guard CrashPoint.named(name) != nil else {
            let names = FaultInjector.crashPointNames
            return fail(node, "`\(context)`: unknown crash point `\(name)`\(NameSuggestion.hint(for: name, in: names)) (known: \(names.joined(separator: ", ")))")
        }
        return name
    }

    /// One of `words`, reported with a "did you mean" otherwise.
    private func word(_ node: YAMLNode, in context: String, _ words: [String]) -> String? {
        guard let written = text(node, in: context) else { return nil }
        guard words.contains(written) else {
            return fail(node, "`\(context)`: unknown value `\(written)`\(NameSuggestion.hint(for: written, in: words)) (known: \(words.joined(separator: ", ")))")
        }
        return written
    }
}
