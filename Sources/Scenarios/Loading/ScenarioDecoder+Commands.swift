/// The command list: each item a bare name (`- back`) or one `name: argument` pair.
extension ScenarioDecoder {
    /// The steps of a command list (nothing is an empty list).
    func commands(_ node: YAMLNode, in context: String = "commands") -> [ScenarioStep] {
        if node.isNull { return [] }
        guard let items = node.items else {
            return expected("a list of commands (each line starting with `- `)", in: context, at: node) ?? []
        }
        var steps: [ScenarioStep] = []
        for item in items {
            if session.shouldStop {
                session.sink.noteStopped()
                break
            }
            steps += self.steps(of: item)
        }
        return steps
    }

    /// One item's steps: one command, or a `runFlow` file's commands.
    private func steps(of item: YAMLNode) -> [ScenarioStep] {
        guard let (name, nameNode, argument) = split(item) else { return [] }
        guard ScenarioCommand.names.contains(name) else {
            session.sink.report(nameNode.location, "unknown command `\(name)`\(NameSuggestion.hint(for: name, in: ScenarioCommand.names))")
            return []
        }
        if name == "runFlow" { return runFlow(argument, at: item) }
        guard session.countCommand(at: item.location) else { return [] }
        let command = name == "repeat" ? repeatCommand(argument) : self.command(name, argument)
        return command.map { [ScenarioStep(command: $0, location: item.location, callers: callers)] } ?? []
    }

    /// The command's name, the node naming it, and its argument (a null node for a bare name).
    private func split(_ item: YAMLNode) -> (String, YAMLNode, YAMLNode)? {
        switch item.content {
        case .scalar(let name, _) where !item.isNull:
            return (name, item, YAMLNode(content: .scalar("", quoted: false), location: item.location))
        case .mapping(let entries) where entries.count == 1:
            guard let name = entries[0].key.scalarText else { break }
            return (name, entries[0].key, entries[0].value)
        case .mapping(let entries) where entries.count > 1:
            let names = entries.compactMap(\.key.scalarText).map { "`\($0)`" }.joined(separator: ", ")
            return fail(item, "a command has one key, found \(names); indent an argument under its command, or start each command with `- `")
        default:
            break
        }
        return fail(item, "expected a command: a name (`- back`) or `name: argument` (`- tapOn: Done`), found \(item.foundDescription)")
    }

    /// Any command but `runFlow` and `repeat`.
    private func command(_ name: String, _ argument: YAMLNode) -> ScenarioCommand? {
        if let simple = noArgumentCommands[name] {
            guard argument.isNull else { return fail(argument, "`\(name)` takes no argument, found \(argument.foundDescription)") }
            return simple
        }
        return maestroCommand(name, argument) ?? photoSimCommand(name, argument)
    }

    private var noArgumentCommands: [String: ScenarioCommand] {
        ["back": .back, "waitForAnimationToEnd": .waitForAnimationToEnd, "simulateMemoryWarning": .simulateMemoryWarning,
         "cancelPicker": .cancelPicker, "assertNoLeaks": .assertNoLeaks, "assertRunning": .assertRunning]
    }
}
