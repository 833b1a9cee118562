/// `repeat` (kept structured) and `runFlow` (inlined).
extension ScenarioDecoder {
    /// `{times, commands}`; Maestro's `while` is refused.
    func repeatCommand(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "repeat", keys: ["times", "commands", "while"], required: ["commands"],
                              shape: "{times, commands}"), let body = map["commands"] else { return nil }
        if let condition = map["while"] {
            return fail(condition, "`repeat.while`: conditions are not supported; repeat a fixed number of `times`")
        }
        guard let timesNode = map["times"] else { return fail(argument, "`repeat`: missing `times`") }
        guard let times = integer(timesNode, in: "repeat.times", range: 1...session.limits.maximumRepeatTimes) else { return nil }
        let steps = session.repeating(times) { commands(body, in: "repeat.commands") }
        return .repeat(times: times, steps: steps)
    }

    /// The steps of the flow a `runFlow` names (`path` or `{file, env}`, or Maestro's inline
    /// `{commands, env}`), read with its own variables; each step remembers the `runFlow`.
    func runFlow(_ argument: YAMLNode, at item: YAMLNode) -> [ScenarioStep] {
        var fileNode = argument
        var extra: [String: String] = [:]
        var inline: YAMLNode?
        if argument.entries != nil {
            guard let map = keyed(argument, in: "runFlow", keys: ["file", "env", "commands", "when"],
                                  shape: "a path, or {file, env}") else { return [] }
            if let condition = map["when"] {
                return fail(condition, "`runFlow.when`: conditions are not supported; split the scenario instead") ?? []
            }
            switch (map["file"], map["commands"]) {
            case (let file?, nil): fileNode = file
            case (nil, let commands?): inline = commands
            case (.some, .some): return fail(argument, "`runFlow`: give `file` or `commands`, not both") ?? []
            case (nil, nil): return fail(argument, "`runFlow`: missing `file`") ?? []
            }
            if let env = map["env"] { extra = runFlowEnvironment(env) }
        }
        if let inline {
            var child = self
            child.environment.merge(extra) { $1 }
            return child.commands(inline, in: "runFlow.commands")
        }
        guard let flow = suitePath(fileNode, in: "runFlow") else { return [] }
        return runFlowFile(flow, extraEnvironment: extra, at: item, argument: fileNode)
    }

    /// `env` of a `runFlow`, its values substituted with this file's variables.
    private func runFlowEnvironment(_ node: YAMLNode) -> [String: String] {
        var result: [String: String] = [:]
        for pair in freeMap(node, in: "runFlow.env") ?? [] {
            guard EnvironmentSubstitution.isName(pair.key) else {
                session.sink.report(pair.keyNode.location, "`runFlow.env`: `\(pair.key)` is not a variable name")
                continue
            }
            result[pair.key] = pair.value.isNull ? "" : text(pair.value, in: "runFlow.env.\(pair.key)")
        }
        return result
    }

    /// Reads the flow file and decodes its commands, refusing cycles and deep chains.
    private func runFlowFile(_ flow: SuiteFilePath, extraEnvironment: [String: String], at item: YAMLNode,
                             argument: YAMLNode) -> [ScenarioStep] {
        let real = session.files.resolvingSymbolicLinks(flow.path) ?? flow.path
        if let start = session.flowStack.firstIndex(where: { $0.realPath == real }) {
            let chain = (session.flowStack[start...].map(\.shown) + [flow.relativePath]).joined(separator: " → ")
            return fail(argument, "`runFlow`: `\(flow.relativePath)` runs itself (\(chain)); remove one of the runFlow commands") ?? []
        }
        guard session.flowStack.count < session.limits.maximumFlowDepth else {
            return fail(argument, "`runFlow`: flows call each other more than \(session.limits.maximumFlowDepth) deep") ?? []
        }
        guard let documents = ScenarioReading.documents(at: flow.path, session: session),
              let shape = ScenarioReading.split(documents, file: flow.path, session: session) else { return [] }
        session.flowStack.append((real, flow.relativePath))
        defer { session.flowStack.removeLast() }
        let folder = flow.relativePath.contains("/") ? flow.relativePath.deletingLastPathComponent : ""
        var child = ScenarioDecoder(session: session, file: flow.path, folder: folder, environment: environment,
                                    callers: callers + [item.location])
        child.environment.merge(child.headerEnvironment(shape.header)) { $1 }
        child.environment.merge(extraEnvironment) { $1 }
        _ = child.header(shape.header, defaultName: "", environment: [:], requireAppId: false)
        return child.commands(shape.commands)
    }
}
