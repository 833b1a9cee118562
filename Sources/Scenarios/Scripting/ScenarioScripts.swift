import Simulator

/// A scenario run's JavaScript: the engine, made when a step first runs a script, and what it
/// needs from the run (the world's clock and seed, the copied text).
final class ScenarioScripts {
    private let world: World
    private var engine: MaestroJavaScript?
    private var copiedText: String?

    init(world: World) {
        self.world = world
    }

    /// What `copyTextFrom` copied, for `maestro.copiedText`.
    func copied(_ text: String?) throws(StepFailure) {
        guard text != copiedText else { return }
        copiedText = text
        if let engine { try script { () throws(MaestroJavaScript.Failure) in try engine.setCopiedText(text) } }
    }

    /// `text` with its `${…}` worked out (``MaestroTemplate``), `variables` bound.
    func template(_ text: String, at step: ScenarioStep, variables: [String: String]) throws(StepFailure) -> String {
        guard MaestroTemplate.isTemplate(text) else { return text }
        return try MaestroTemplate.evaluate(text) { (source: String) throws(StepFailure) -> String in
            try run(source, named: "\(step.location.file)", line: step.location.line, variables: variables)
        }
    }

    /// Runs `code` (a `runScript` file's), `variables` bound; its value is not used.
    func run(file code: String, named name: String, variables: [String: String]) throws(StepFailure) {
        _ = try run(code, named: name, line: 1, variables: variables)
    }

    private func run(_ code: String, named name: String, line: Int, variables: [String: String]) throws(StepFailure) -> String {
        let engine = try made()
        // The world's clock (its epoch, as the app's `Date()` reads it) and a draw of the seed.
        let now = world.dateClock(epochDate: RuntimeDevice.epochDate).now.timeIntervalSince1970 * 1_000
        let seed = UInt32(truncatingIfNeeded: world.streams.stream("javascript random").nextUInt64())
        defer {
            for line in engine.takeLogLines() { world.trace.record(.scenarioLog(message: line)) }
        }
        return try script { () throws(MaestroJavaScript.Failure) in
            try engine.evaluate(code, source: name, line: line, variables: variables, now: now, seed: seed)
        }
    }

    private func made() throws(StepFailure) -> MaestroJavaScript {
        if let engine { return engine }
        let made = try script { () throws(MaestroJavaScript.Failure) in try MaestroJavaScript() }
        engine = made
        if let copiedText { try script { () throws(MaestroJavaScript.Failure) in try made.setCopiedText(copiedText) } }
        return made
    }

    private func script<T>(_ body: () throws(MaestroJavaScript.Failure) -> T) throws(StepFailure) -> T {
        do {
            return try body()
        } catch {
            throw StepFailure("JavaScript: \(error)")
        }
    }
}

// MARK: - Commands with their scripts worked out

extension ScenarioCommand {
    /// The command with `work` applied to each of its own values that may hold `${…}` (Maestro's
    /// `evaluateScripts` of each command class): texts typed and evaluated, selectors, the
    /// condition, a script's variables. The steps inside a command are worked out as they run.
    func evaluatingScripts(_ work: (String) throws(StepFailure) -> String) throws(StepFailure) -> ScenarioCommand {
        switch self {
        case .tapOn(let selector): return .tapOn(try selector.evaluatingScripts(work))
        case .tapWith(let selector, let options): return .tapWith(try selector.evaluatingScripts(work), options)
        case .tapOnPoint(let point, let options): return .tapOnPoint(try work(point), options)
        case .scrollUntilVisible(var search):
            search.element = try search.element.evaluatingScripts(work)
            return .scrollUntilVisible(search)
        case .assertVisible(let selector): return .assertVisible(try selector.evaluatingScripts(work))
        case .assertNotVisible(let selector): return .assertNotVisible(try selector.evaluatingScripts(work))
        case .copyTextFrom(let selector): return .copyTextFrom(try selector.evaluatingScripts(work))
        case .swipe(let selector, let direction): return .swipe(from: try selector.evaluatingScripts(work), direction: direction)
        case .inputText(let text): return .inputText(try work(text))
        case .openLink(let link): return .openLink(try work(link))
        case .takeScreenshot(let name): return .takeScreenshot(name: try work(name))
        case .evalScript(let script): return .evalScript(try work(script))
        case .assertTrue(let script): return .assertTrue(try work(script))
        case .conditional(let condition, let steps): return .conditional(try condition.evaluatingScripts(work), steps: steps)
        case .repeatWhile(let condition, let times, let steps):
            return .repeatWhile(try condition.evaluatingScripts(work), times: times, steps: steps)
        case .extendedWaitUntil(let condition, let timeout):
            return .extendedWaitUntil(try condition.evaluatingScripts(work), timeout: timeout)
        case .runScript(var file):
            for (name, value) in file.environment { file.environment[name] = try work(value) }
            file.condition = try file.condition?.evaluatingScripts(work)
            return .runScript(file)
        default: return self
        }
    }

    /// Whether the command is one of Maestro's script commands.
    var isScript: Bool {
        switch self {
        case .evalScript, .runScript, .assertTrue: true
        default: false
        }
    }
}

extension FlowCondition {
    func evaluatingScripts(_ work: (String) throws(StepFailure) -> String) throws(StepFailure) -> FlowCondition {
        var condition = self
        condition.visible = try visible?.evaluatingScripts(work)
        condition.notVisible = try notVisible?.evaluatingScripts(work)
        condition.script = try script.map(work)
        return condition
    }
}

extension ElementSelector {
    func evaluatingScripts(_ work: (String) throws(StepFailure) -> String) throws(StepFailure) -> ElementSelector {
        var relations: [ElementRelation] = []
        for relation in self.relations {
            switch relation {
            case .below(let other): relations.append(.below(try other.evaluatingScripts(work)))
            case .above(let other): relations.append(.above(try other.evaluatingScripts(work)))
            case .leftOf(let other): relations.append(.leftOf(try other.evaluatingScripts(work)))
            case .rightOf(let other): relations.append(.rightOf(try other.evaluatingScripts(work)))
            case .childOf(let other): relations.append(.childOf(try other.evaluatingScripts(work)))
            case .containsChild(let other): relations.append(.containsChild(try other.evaluatingScripts(work)))
            case .containsDescendants(let others):
                var evaluated: [ElementSelector] = []
                for other in others { evaluated.append(try other.evaluatingScripts(work)) }
                relations.append(.containsDescendants(evaluated))
            }
        }
        return ElementSelector(text: try text.map(work), id: try id.map(work), index: index, relations: relations, states: states,
                               size: size)
    }
}
