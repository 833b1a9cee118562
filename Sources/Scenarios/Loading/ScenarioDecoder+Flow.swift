/// `repeat` (kept structured) and `runFlow` (inlined).
extension ScenarioDecoder {
    /// `{times, commands}`; Maestro's `while` is refused.
    func repeatCommand(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "repeat", keys: ["times", "commands", "while"], required: ["commands"],
                              shape: "{times, commands} or {while, times, commands}"), let body = map["commands"] else { return nil }
        var times: Int?
        if let timesNode = map["times"] {
            guard let count = integer(timesNode, in: "repeat.times", range: 1...session.limits.maximumRepeatTimes) else { return nil }
            times = count
        }
        if let conditionNode = map["while"] {
            guard let condition = condition(conditionNode, in: "repeat.while") else { return nil }
            let steps = commands(body, in: "repeat.commands")
            return .repeatWhile(condition, times: times, steps: steps)
        }
        guard let times else { return fail(argument, "`repeat`: missing `times` (or `while`)") }
        let steps = session.repeating(times) { commands(body, in: "repeat.commands") }
        return .repeat(times: times, steps: steps)
    }

    /// The steps of the flow a `runFlow` names (`path` or `{file, env}`, or Maestro's inline
    /// `{commands, env}`), read with its own variables; each step remembers the `runFlow`.
    func runFlow(_ argument: YAMLNode, at item: YAMLNode) -> [ScenarioStep] {
        guard argument.entries != nil else {
            guard let flow = suitePath(argument, in: "runFlow") else { return [] }
            return runFlowFile(flow, extraEnvironment: [:], at: item, argument: argument)
        }
        guard let map = keyed(argument, in: "runFlow", keys: ["file", "env", "commands", "when"],
                              shape: "a path, or {file, env, when}") else { return [] }
        guard let conditionNode = map["when"] else { return runFlowSteps(map, at: item, argument: argument) }
        // Maestro's `when` (Orchestra.kt runFlowCommand): the flow runs only when it holds, so
        // its steps stay one step, decided as it is reached.
        guard let condition = condition(conditionNode, in: "runFlow.when") else { return [] }
        let steps = runFlowSteps(map, at: item, argument: argument)
        // A flow that may not run leaves no variables set for the commands after it.
        session.variablesAfterFlow = nil
        let scripted = condition.script != nil || session.keptScripts
        return [ScenarioStep(command: .conditional(condition, steps: steps), location: item.location, callers: callers,
                             scriptVariables: scripted ? environment : nil)]
    }

    /// Maestro's `retry: {maxRetries, commands | file, env}` (YamlFluentCommand `retryCommand`):
    /// `maxRetries` 1 when missing, at most Maestro's 3 (`MAX_RETRIES_ALLOWED`).
    func retry(_ argument: YAMLNode, at item: YAMLNode) -> [ScenarioStep] {
        guard let map = keyed(argument, in: "retry", keys: ["maxRetries", "commands", "file", "env"],
                              shape: "{maxRetries, commands} or {maxRetries, file, env}") else { return [] }
        var maxRetries = 1
        if let node = map["maxRetries"] {
            guard let count = integer(node, in: "retry.maxRetries", range: 0...1_000) else { return [] }
            maxRetries = min(count, 3)
        }
        let steps = runFlowSteps(map, at: item, argument: argument, command: "retry")
        return [ScenarioStep(command: .retry(maxRetries: maxRetries, steps: steps), location: item.location, callers: callers)]
    }

    /// Maestro's `extendedWaitUntil: {visible | notVisible, timeout}` (YamlExtendedWaitUntil):
    /// `timeout` in milliseconds, Maestro's lookup timeout of 17 s when missing.
    func extendedWaitUntil(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "extendedWaitUntil", keys: ["visible", "notVisible", "timeout"],
                              shape: "{visible, timeout} or {notVisible, timeout}") else { return nil }
        var condition = FlowCondition()
        if let node = map["visible"] {
            guard let selector = elementSelector(node, in: "extendedWaitUntil.visible") else { return nil }
            condition.visible = selector
        }
        if let node = map["notVisible"] {
            guard let selector = elementSelector(node, in: "extendedWaitUntil.notVisible") else { return nil }
            condition.notVisible = selector
        }
        guard condition.visible != nil || condition.notVisible != nil else {
            return fail(argument, "`extendedWaitUntil` expects either `visible` or `notVisible` to be provided")
        }
        var timeout: Int64 = 17_000
        if let node = map["timeout"] {
            guard let milliseconds = integer(node, in: "extendedWaitUntil.timeout", range: 0...3_600_000) else { return nil }
            timeout = Int64(milliseconds)
        }
        return .extendedWaitUntil(condition, timeout: ScenarioDuration(milliseconds: timeout))
    }

    /// Maestro's `Condition`: `{visible, notVisible, platform, true}` (YamlCondition.kt).
    func condition(_ node: YAMLNode, in context: String) -> FlowCondition? {
        guard let map = keyed(node, in: context, keys: ["visible", "notVisible", "platform", "true"],
                              shape: "{visible, notVisible, platform, true}") else { return nil }
        var condition = FlowCondition()
        var valid = true
        if let script = map["true"] {
            // Maestro's `true` (YamlCondition): text, or a number or boolean as it reads.
            if let text = scriptText(script, in: context + ".true") { condition.script = text } else { valid = false }
        }
        if let visible = map["visible"] {
            if let selector = elementSelector(visible, in: context + ".visible") { condition.visible = selector } else { valid = false }
        }
        if let notVisible = map["notVisible"] {
            if let selector = elementSelector(notVisible, in: context + ".notVisible") { condition.notVisible = selector } else { valid = false }
        }
        if let platformNode = map["platform"] {
            guard let written = text(platformNode, in: context + ".platform") else { return nil }
            guard let platform = FlowCondition.platforms.first(where: { $0.lowercased() == written.lowercased() }) else {
                return fail(platformNode, "`\(context).platform`: expected \(Self.list(FlowCondition.platforms)), found `\(written)`")
            }
            condition.platform = platform
        }
        guard valid else { return nil }
        guard condition.visible != nil || condition.notVisible != nil || condition.platform != nil || condition.script != nil else {
            return fail(node, "`\(context)`: give visible, notVisible, platform or true")
        }
        return condition
    }

    /// A `runFlow`'s own steps from its map (`file` or `commands`, with `env`).
    private func runFlowSteps(_ map: KeyedNode, at item: YAMLNode, argument: YAMLNode, command: String = "runFlow") -> [ScenarioStep] {
        let extra = map["env"].map(runFlowEnvironment) ?? [:]
        switch (map["file"], map["commands"]) {
        case (let file?, nil):
            guard let flow = suitePath(file, in: command) else { return [] }
            return runFlowFile(flow, extraEnvironment: extra, at: item, argument: file)
        case (nil, let commands?):
            var child = self
            child.environment.merge(extra) { $1 }
            let (steps, variables) = child.commandsAndVariables(commands, in: "\(command).commands")
            session.variablesAfterFlow = variables
            return steps
        case (.some, .some): return fail(argument, "`\(command)`: give `file` or `commands`, not both") ?? []
        case (nil, nil): return fail(argument, "`\(command)`: missing `\(command == "retry" ? "commands` (or `file" : "file")`") ?? []
        }
    }

    /// `env` of a `runFlow`, its values worked out now with this file's variables.
    private func runFlowEnvironment(_ node: YAMLNode) -> [String: String] {
        var result: [String: String] = [:]
        for pair in variableEntries(node, in: "runFlow.env") ?? [] {
            result[pair.key] = variableValue(pair.value, in: "runFlow.env.\(pair.key)")
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
        // Maestro's order (Env.kt withEnv, then the flow's own DefineVariablesCommand): the
        // runFlow's `env` first, then the flow's own `env` over it; what they set stays set for
        // the commands after the runFlow.
        child.environment.merge(extraEnvironment) { $1 }
        child.environment.merge(child.headerEnvironment(shape.header)) { $1 }
        let flowHeader = child.header(shape.header, defaultName: "", environment: [:], requireAppId: false)
        let (steps, variables) = child.commandsAndVariables(shape.commands)
        session.variablesAfterFlow = variables
        // Its own hooks run around it (Orchestra.kt runSubFlow), as one step.
        guard let flowHeader, !flowHeader.onFlowStart.isEmpty || !flowHeader.onFlowComplete.isEmpty else { return steps }
        return [ScenarioStep(command: .hookedFlow(onStart: flowHeader.onFlowStart, steps: steps, onComplete: flowHeader.onFlowComplete),
                             location: item.location, callers: callers)]
    }
}

/// Maestro's script commands (YamlEvalScript.kt, YamlAssertTrue.kt, YamlRunScript.kt).
extension ScenarioDecoder {
    /// `evalScript: ${…}` or `{script}`; `assertTrue: ${…}` or `{condition}`: text (a number or a
    /// boolean as it reads), its scripts worked out when the command runs.
    func scriptArgument(_ argument: YAMLNode, in context: String, key: String) -> String? {
        guard argument.entries != nil else { return scriptText(argument, in: context) }
        guard let map = keyed(argument, in: context, keys: [key], required: [key]), let node = map[key] else { return nil }
        return scriptText(node, in: "\(context).\(key)")
    }

    /// `runScript: file.js` or `{file, env, when}`: the file read now, as Maestro reads it
    /// when the flow loads; its `env` values may hold `${…}`, worked out when it runs.
    func runScript(_ argument: YAMLNode) -> ScenarioCommand? {
        let fileNode: YAMLNode
        var environment: [String: String] = [:]
        var condition: FlowCondition?
        if argument.entries != nil {
            guard let map = keyed(argument, in: "runScript", keys: ["file", "env", "when"], required: ["file"],
                                  shape: "a path, or {file, env, when}"), let file = map["file"] else { return nil }
            fileNode = file
            if let env = map["env"] {
                // Worked out when the script runs, as Maestro's RunScriptCommand's env is.
                guard let pairs = variableEntries(env, in: "runScript.env") else { return nil }
                for pair in pairs {
                    guard let value = pair.value.isNull ? "" : scriptText(pair.value, in: "runScript.env.\(pair.key)") else { return nil }
                    environment[pair.key] = value
                }
            }
            if let when = map["when"] {
                guard let read = self.condition(when, in: "runScript.when") else { return nil }
                condition = read
            }
        } else {
            fileNode = argument
        }
        guard let path = suitePath(fileNode, in: "runScript") else { return nil }
        let code: String
        do {
            let data = try session.files.contents(ofRegularFile: path.path, limitBytes: session.limits.maximumFileBytes)
            guard let text = String(data: data, encoding: .utf8) else {
                return fail(fileNode, "`runScript`: `\(path.relativePath)` is not UTF-8 text")
            }
            code = text
        } catch {
            return fail(fileNode, "`runScript`: `\(path.relativePath)` cannot be read: \(error)")
        }
        return .runScript(ScriptFile(path: path.relativePath, code: code, environment: environment, condition: condition))
    }
}
