/// The command list: each item a bare name (`- back`) or one `name: argument` pair.
extension ScenarioDecoder {
    /// The steps of a command list (nothing is an empty list).
    func commands(_ node: YAMLNode, in context: String = "commands") -> [ScenarioStep] {
        commandsAndVariables(node, in: context).steps
    }

    /// The steps of a command list, and the variables set at its end: a `runFlow`'s `env` and
    /// its flow's own stay set for the commands after it (Maestro's variables are the run's).
    func commandsAndVariables(_ node: YAMLNode, in context: String = "commands") -> (steps: [ScenarioStep], variables: [String: String]) {
        if node.isNull { return ([], environment) }
        guard let items = node.items else {
            return (expected("a list of commands (each line starting with `- `)", in: context, at: node) ?? [], environment)
        }
        var steps: [ScenarioStep] = []
        var current = self
        for item in items {
            if session.shouldStop {
                session.sink.noteStopped()
                break
            }
            session.variablesAfterFlow = nil
            steps += current.steps(of: item)
            if let variables = session.variablesAfterFlow { current.environment.merge(variables) { $1 } }
            session.variablesAfterFlow = nil
        }
        return (steps, current.environment)
    }

    /// One item's steps: one command, or a `runFlow` file's commands.
    private func steps(of item: YAMLNode) -> [ScenarioStep] {
        guard let (written, nameNode, argument) = split(item) else { return [] }
        guard let name = ScenarioCommandName(rawValue: written) else {
            if let refusal = MaestroCommandCatalogue.refusal(of: written) {
                session.sink.report(nameNode.location, refusal)
            } else {
                session.sink.report(nameNode.location, "unknown command `\(written)`\(NameSuggestion.hint(for: written, in: ScenarioCommand.names))")
            }
            return []
        }
        guard let (options, rest) = maestroOptions(of: argument, in: written) else { return [] }
        // Whether this command (not the ones inside it) keeps a script for when it runs.
        let outerKept = session.keptScripts, outerDeferred = session.deferredScripts
        session.keptScripts = false
        session.deferredScripts = nil
        defer { (session.keptScripts, session.deferredScripts) = (outerKept, outerDeferred) }
        if name == .runFlow || name == .retry {
            // retry's `maxRetries` may be JavaScript, worked out as the retry starts.
            if name == .retry { session.deferredScripts = [] }
            var steps = name == .retry ? retry(rest, at: item) : runFlow(rest, at: item)
            if name == .retry, let locations = session.deferredScripts, !locations.isEmpty, steps.count == 1 {
                let deferred = DeferredValues(name: name, argument: rest, scriptLocations: locations, environment: environment,
                                              file: file, folder: folder, callers: callers, root: session.root,
                                              files: session.files, limits: session.limits, checkers: session.checkers)
                steps[0] = ScenarioStep(command: steps[0].command, location: steps[0].location, callers: steps[0].callers,
                                        label: nil, isOptional: false, scriptVariables: nil, deferred: deferred)
            }
            guard options.label != nil || options.optional else { return steps }
            // A label or `optional` belongs to the flow as one command: an inlined flow becomes
            // one step whose condition always holds.
            if steps.count != 1 || steps[0].location != item.location || steps[0].command.nestedSteps == nil {
                steps = [ScenarioStep(command: .conditional(FlowCondition(), steps: steps), location: item.location, callers: callers)]
            }
            return [ScenarioStep(command: steps[0].command, location: item.location, callers: callers, label: options.label,
                                 isOptional: options.optional, scriptVariables: steps[0].scriptVariables)]
        }
        guard session.countCommand(at: item.location) else { return [] }
        session.deferredScripts = []
        guard let command = command(name, rest) else { return [] }
        let deferred = session.deferredScripts.flatMap { locations in
            locations.isEmpty ? nil : DeferredValues(name: name, argument: rest, scriptLocations: locations, environment: environment,
                                                     file: file, folder: folder, callers: callers, root: session.root,
                                                     files: session.files, limits: session.limits, checkers: session.checkers)
        }
        return [ScenarioStep(command: command, location: item.location, callers: callers, label: options.label,
                             isOptional: options.optional, scriptVariables: keptScripts(by: command) ? environment : nil,
                             deferred: deferred)]
    }

    /// The step `step` stands for now that its scripted numbers are worked out (`evaluate`):
    /// its command read again from what was written, with their values in place. A value that
    /// is not what the command takes is the step's failure, in the loader's words. The
    /// commands it brings count on from `commandsSoFar` against the load's limit, so repeats
    /// whose times are scripts cannot run more commands than a file may; the count after it
    /// is returned.
    static func resolving(_ deferred: DeferredValues, of step: ScenarioStep, commandsSoFar: Int,
                          evaluate: (String) throws(StepFailure) -> String) throws(StepFailure) -> (step: ScenarioStep, commands: Int) {
        let argument: YAMLNode
        do {
            argument = try deferred.argument.replacingScalars(at: deferred.scriptLocations) { text in try evaluate(text) }
        } catch let failure as StepFailure {
            throw failure
        } catch {
            throw StepFailure("\(error)")
        }
        let session = LoadSession(limits: deferred.limits, files: deferred.files, root: deferred.root, checkers: deferred.checkers,
                                  commandsSoFar: commandsSoFar)
        let decoder = ScenarioDecoder(session: session, file: deferred.file, folder: deferred.folder,
                                      environment: deferred.environment, callers: deferred.callers)
        let read = deferred.name == .retry ? decoder.retry(argument, at: argument).first?.command : decoder.command(deferred.name, argument)
        guard let command = read, session.sink.isEmpty else {
            throw StepFailure(session.sink.diagnostics.map(\.message).joined(separator: "; "))
        }
        return (ScenarioStep(command: command, location: step.location, callers: step.callers, label: step.label,
                             isOptional: step.isOptional, scriptVariables: decoder.keptScripts(by: command) ? deferred.environment : nil),
                session.commandCount)
    }

    /// Whether `command`'s own values (not those of the steps inside it) kept a script.
    private func keptScripts(by command: ScenarioCommand) -> Bool {
        if session.keptScripts { return true }
        switch command {
        case .evalScript, .runScript, .assertTrue: return true
        case .conditional(let condition, _), .repeatWhile(let condition, _, _): return condition.script != nil
        default: return false
        }
    }

    /// Maestro's `label` and `optional`, which every command's map takes (its `YamlFluentCommand`
    /// classes each carry both), and the argument without them: a map left with no key is the
    /// bare command (`- back: {optional: true}` is `back`). Nil when one of them is wrong (reported).
    private func maestroOptions(of argument: YAMLNode, in context: String) -> ((label: String?, optional: Bool), YAMLNode)? {
        guard case .mapping(let entries) = argument.content else { return ((nil, false), argument) }
        var label: String?
        var optional = false
        var rest: [YAMLMappingEntry] = []
        for entry in entries {
            switch entry.key.scalarText {
            case "label":
                guard let text = text(entry.value, in: "\(context).label") else { return nil }
                label = text
            case "optional":
                guard let value = boolean(entry.value, in: "\(context).optional") else { return nil }
                optional = value
            default:
                rest.append(entry)
            }
        }
        guard rest.count != entries.count else { return ((nil, false), argument) }
        let remaining = rest.isEmpty ? YAMLNode(content: .scalar("", quoted: false), location: argument.location)
            : YAMLNode(content: .mapping(rest), location: argument.location)
        return ((label, optional), remaining)
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

    /// The command `name` stands for, or nil when its argument is wrong (reported).
    ///
    /// One exhaustive `switch` over ``ScenarioCommandName``, so a name added there does not
    /// compile until it is decoded here. Traps on `runFlow`, which is no command: ``steps(of:)``
    /// inlines its file's commands instead.
    private func command(_ name: ScenarioCommandName, _ argument: YAMLNode) -> ScenarioCommand? {
        let context = name.rawValue
        switch name {
        case .launchApp: return launchApp(argument)
        case .stopApp: return optionalAppId(argument, in: context).map { .stopApp(appId: $0) }
        case .killApp: return optionalAppId(argument, in: context).map { .killApp(appId: $0) }
        case .clearState: return optionalAppId(argument, in: context).map { .clearState(appId: $0) }
        case .addMedia: return addMedia(argument)
        case .setPermissions: return setPermissions(argument)
        case .tapOn, .doubleTapOn, .longPressOn: return tap(name, argument)
        case .inputText: return inputText(argument)
        case .inputRandomText: return randomLength(argument, in: context).map { .inputRandom(.text(length: $0)) }
        case .inputRandomNumber: return randomLength(argument, in: context).map { .inputRandom(.number(length: $0)) }
        case .inputRandomEmail: return bare(.inputRandom(.email), argument)
        case .inputRandomPersonName: return bare(.inputRandom(.personName), argument)
        case .eraseText: return eraseText(argument)
        case .back: return bare(.back, argument)
        case .navigateBack: return bare(.navigateBack, argument)
        case .terminateApp: return bare(.terminateApp, argument)
        case .hideKeyboard: return bare(.hideKeyboard, argument)
        case .copyTextFrom: return elementSelector(argument, in: context).map(ScenarioCommand.copyTextFrom)
        case .pasteText: return bare(.pasteText, argument)
        case .clearKeychain: return bare(.clearKeychain, argument)
        case .pressKey: return pressKey(argument)
        case .assertVisible: return elementSelector(argument, in: context).map(ScenarioCommand.assertVisible)
        case .assertNotVisible: return elementSelector(argument, in: context).map(ScenarioCommand.assertNotVisible)
        case .extendedWaitUntil: return extendedWaitUntil(argument)
        case .waitForAnimationToEnd: return waitForAnimationToEnd(argument)
        case .takeScreenshot: return takeScreenshot(argument)
        case .runFlow: preconditionFailure("`runFlow` is inlined by steps(of:), not decoded as a command")
        case .repeat: return repeatCommand(argument)
        case .retry: return nil  // decoded by steps(of:), which knows the item (a file's steps remember it)
        case .evalScript: return scriptArgument(argument, in: context, key: "script").map(ScenarioCommand.evalScript)
        case .runScript: return runScript(argument)
        case .assertTrue: return scriptArgument(argument, in: context, key: "condition").map(ScenarioCommand.assertTrue)
        case .setLocation: return setLocation(argument)
        case .setAirplaneMode: return airplaneMode(argument)
        case .openLink: return openLink(argument)
        case .action: return action(argument)
        case .travel: return travel(argument)
        case .scroll: return bare(.scroll, argument)
        case .scrollUntilVisible: return scrollUntilVisible(argument)
        case .toggleAirplaneMode: return bare(.setAirplaneMode(on: nil), argument)
        case .swipe: return swipe(argument)
        case .simulateMemoryWarning: return bare(.simulateMemoryWarning, argument)
        case .advanceClock: return duration(argument, in: context).map(ScenarioCommand.advanceClock)
        case .pickPhoto: return pickPhoto(argument)
        case .takePhoto: return takePhoto(argument)
        case .cancelPicker: return bare(.cancelPicker, argument)
        case .pickerResults: return pickerResults(argument)
        case .removeMedia: return assetSelector(argument, in: context).map(ScenarioCommand.removeMedia)
        case .deleteFile: return appPath(argument, in: context).map(ScenarioCommand.deleteFile)
        case .assertPresented: return assertPresented(argument)
        case .assertFile: return assertFile(argument)
        case .assertNoFile: return appPathPattern(argument, in: context).map(ScenarioCommand.assertNoFile)
        case .assertFiles: return assertFiles(argument)
        case .assertQuery: return assertQuery(argument)
        case .assertPreference: return assertPreference(argument)
        case .assertNoLeaks: return bare(.assertNoLeaks, argument)
        case .assertLeak: return assertLeak(argument)
        case .assertCrashed: return assertCrashed(argument)
        case .assertRunning: return bare(.assertRunning, argument)
        case .assertNotifications: return assertNotifications(argument)
        case .assertMemory: return assertMemory(argument)
        case .assertTrace: return assertTrace(argument)
        case .assertLibrary: return assertLibrary(argument)
        case .injectFault: return injectFault(argument)
        case .setFaultRate: return number(argument, in: context, range: 0...1).map(ScenarioCommand.setFaultRate)
        case .crashAt: return crashAt(argument)
        case .killAtTraceEvent: return killAtTraceEvent(argument)
        }
    }

    /// `command`, which takes no argument, when none follows its name.
    private func bare(_ command: ScenarioCommand, _ argument: YAMLNode) -> ScenarioCommand? {
        guard argument.isNull else { return fail(argument, "`\(command.name)` takes no argument, found \(argument.foundDescription)") }
        return command
    }
}
