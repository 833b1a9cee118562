import AppChannel
import Core
import Foundation
import Platform
import Simulator

/// Running a scenario's steps in order, for a session on the app host and one on an app
/// process alike: each step traced, performed and checked; the first failure ends the run
/// and the steps after it are skipped.
protocol StepRunning: AnyObject {
    var scenario: Scenario { get }
    var world: World { get }
    /// Carries out one command (never a `repeat`: `execute(_:)` unrolls those).
    func perform(_ command: ScenarioCommand, at step: ScenarioStep) throws
    /// The checks after a step (checkers after a relaunch).
    func checkAfter(_ step: ScenarioStep) throws(StepFailure)
    /// The checks at the end of a run that passed, as a failure if one fails.
    func checkAtEnd(after last: ScenarioStep) -> ScenarioFailure?
    /// `error`, thrown by `perform`, as the step's failure.
    func stepFailure(from error: Error) -> StepFailure
    /// Whether Maestro's condition holds now, the app settled first (nothing is on screen
    /// while it is not running).
    func holds(_ condition: FlowCondition) throws -> Bool
    /// Moves the world's clock on by `milliseconds` while a command waits, running the app's
    /// timers and queues, with no trace line of its own.
    func passTimeWaiting(milliseconds: Int64) throws
    /// Whether waiting can change what is on screen: the app is running in front.
    var waitingCanChangeTheScreen: Bool { get }
    /// The run's JavaScript.
    var scripts: ScenarioScripts { get }
    /// What the last `copyTextFrom` copied.
    var copiedText: String? { get }
    /// Takes a picture of the screen as `step` failed, when the run captures images.
    func pictureOfFailure(at step: ScenarioStep)
    /// A finger dragged across the screen between two points given as fractions of its size.
    func drag(from start: (x: Double, y: Double), to end: (x: Double, y: Double)) throws
    /// The screen's size in points (the window's), for drags given in points.
    func screenSize() throws -> (width: Double, height: Double)
    /// How much of the element `selector` means is on screen now (0 to 1), nil when it is not
    /// there, the app settled first.
    func visibility(of selector: ElementSelector) throws -> Double?
    /// Whether a drag can bring other elements on screen.
    var screensScroll: Bool { get }
    /// The app's settled element tree now, with frames; nil when no app runs, or when its
    /// screens have no frames (the in-process apps).
    func framedTree() throws -> ElementNode?
    /// A finger's tap at a point of the window, in points.
    func tap(atX x: Double, y: Double) throws
    /// When the last command that acted on the device ended, on the world's clock (Orchestra.kt
    /// `timeMsOfLastInteraction`): a lookup's wait is shortened by the time since then.
    var lastInteraction: VirtualInstant { get set }
    /// The commands the scenario's commands read again as they ran brought (``DeferredValues``),
    /// counted with the scenario's own against the load's limit.
    var resolvedCommandCount: Int { get set }
}

extension ScenarioCommand {
    /// Whether Maestro counts the command as acting on the device (Orchestra.kt
    /// `executeCommand` returns true, and `timeMsOfLastInteraction` moves on): everything but
    /// the assertions (`assertConditionCommand` returns false) and `takeScreenshot`. PhotoSim's
    /// own assertions count as Maestro's do; its other words act on the device.
    var actsOnDevice: Bool {
        switch self {
        case .assertVisible, .assertNotVisible, .extendedWaitUntil, .assertTrue, .takeScreenshot,
             .assertPresented, .assertFile, .assertNoFile, .assertFiles, .assertQuery, .assertPreference, .assertNoLeaks,
             .assertLeak, .assertCrashed, .assertRunning, .assertNotifications, .assertMemory, .assertTrace, .assertLibrary:
            return false
        default:
            return true
        }
    }
}

extension StepRunning {
    /// Runs a scenario as Maestro's Orchestra `runFlow` does: its `onFlowStart` commands, then
    /// (when they passed) its own, then its `onFlowComplete` commands whatever happened; the
    /// first failure is the scenario's. The flow's start counts as an interaction (Orchestra.kt
    /// `runFlow`), once.
    func execute(_ steps: [ScenarioStep], onFlowStart: [ScenarioStep], onFlowComplete: [ScenarioStep])
        -> (commands: [CommandResult], failure: ScenarioFailure?) {
        guard !onFlowStart.isEmpty || !onFlowComplete.isEmpty else { return execute(steps) }
        lastInteraction = world.clock.now
        var (commands, failure) = executeInOrder(onFlowStart + steps)
        let (completed, completeFailure) = executeInOrder(onFlowComplete)
        commands += completed
        if failure == nil { failure = completeFailure }
        if failure == nil, let last = (onFlowStart + steps + onFlowComplete).last { failure = checkAtEnd(after: last) }
        return (commands, failure)
    }

    /// Executes `steps` in order until one fails, then the end-of-run checks; every step gets a
    /// status.
    func execute(_ steps: [ScenarioStep]) -> (commands: [CommandResult], failure: ScenarioFailure?) {
        lastInteraction = world.clock.now
        let (commands, failure) = executeInOrder(steps)
        if failure == nil, let last = steps.last { return (commands, checkAtEnd(after: last)) }
        return (commands, failure)
    }

    /// Executes `steps` in order until one fails; the steps after it are skipped.
    private func executeInOrder(_ steps: [ScenarioStep]) -> (commands: [CommandResult], failure: ScenarioFailure?) {
        var commands: [CommandResult] = []
        var failure: ScenarioFailure?
        for step in steps {
            guard failure == nil else {
                commands.append(CommandResult(command: step.shownCommand, location: location(of: step), status: .skipped))
                continue
            }
            do throws(StepFailure) {
                var warnings: [String] = []
                try execute(step, warnings: &warnings)
                try checkAfter(step)
                commands.append(CommandResult(command: step.shownCommand, location: location(of: step), status: warnings.isEmpty ? .passed : .warned,
                                              warning: warnings.isEmpty ? nil : warnings.joined(separator: "; ")))
            } catch {
                let failed = error.step ?? step
                world.trace.record(.scenarioStepFailed(line: failed.location.line, column: failed.location.column, message: error.message))
                failure = ScenarioFailure(command: failed.shownCommand, location: location(of: failed),
                                          message: error.message, expected: error.expected, actual: error.actual,
                                          traceTail: world.trace.tail(ScenarioFailure.traceTailLength))
                failure?.checker = error.checker
                pictureOfFailure(at: failed)
                commands.append(CommandResult(command: step.shownCommand, location: location(of: step), status: .failed))
            }
        }
        return (commands, failure)
    }

    /// Executes one step (a `repeat` runs its body `times` times), marking where it started in
    /// the trace so a failure's tail reads with the scenario beside it.
    /// On its own (an exploration's event), the step is a flow of one: its waits count from
    /// its start.
    func execute(_ step: ScenarioStep) throws(StepFailure) {
        var warnings: [String] = []
        lastInteraction = world.clock.now
        try execute(step, warnings: &warnings)
    }

    /// Executes one step; an `optional` one that fails adds its failure to `warnings` and
    /// returns, so the run goes on (Maestro's Orchestra.kt turns such a failure into
    /// `CommandWarned` and carries on with the next command).
    /// Returns whether the step acted on the device (Orchestra.kt: `executeCommand`'s result,
    /// which moves `timeMsOfLastInteraction` on; a warned step did not).
    @discardableResult
    func execute(_ step: ScenarioStep, warnings: inout [String]) throws(StepFailure) -> Bool {
        do throws(StepFailure) {
            let acted = try executeRequired(step, warnings: &warnings)
            if acted { lastInteraction = world.clock.now }
            return acted
        } catch where step.isOptional {
            let failed = error.step ?? step
            world.trace.record(.scenarioStepWarned(line: failed.location.line, column: failed.location.column, message: error.message))
            warnings.append("\(location(of: failed)) \(failed.shownCommand): \(error.message)")
            return false
        }
    }

    /// Executes one step that must pass; returns whether it acted on the device, as Maestro
    /// counts it (``ScenarioCommand/actsOnDevice``; a flow, a `repeat` or a `retry` when a
    /// command inside it did, as Orchestra.kt's `executeSubflowCommands` returns `any`).
    private func executeRequired(_ written: ScenarioStep, warnings: inout [String]) throws(StepFailure) -> Bool {
        // A command whose numbers are JavaScript is read again with their values (DeferredValues).
        let step = try resolvingDeferredValues(of: written)
        if case .repeat(let times, let body) = step.command {
            var acted = false
            for _ in 0..<times { acted = try executeBody(body, warnings: &warnings) || acted }
            return acted
        }
        // Maestro's evaluateScripts: the command's `${…}` worked out as it is reached (a
        // repeat's condition at each turn, below).
        var command = step.command
        if case .repeatWhile = command {} else { command = try evaluatedScripts(of: step) }
        world.trace.record(.scenarioStep(line: step.location.line, column: step.location.column, command: command.summary))
        switch command {
        case .evalScript:
            break  // its scripts ran as it was worked out
        case .travel(let points, let speed):
            // Traveller.kt: the first point, then each leg in 50 steps, the time a leg takes at
            // `speed` shared among them; the time passes on the world's clock.
            guard let first = points.first else { return true }
            try asStepFailure { try perform(.setLocation(latitude: first.latitude, longitude: first.longitude), at: step) }
            for (start, end) in zip(points, points.dropFirst()) {
                let milliseconds = Int64(Self.maestroDistance(start, end) / speed * 1_000)
                for index in 1...50 {
                    let fraction = Double(index) / 50
                    let latitude = start.latitude + (end.latitude - start.latitude) * fraction
                    let longitude = start.longitude + (end.longitude - start.longitude) * fraction
                    try asStepFailure { try perform(.setLocation(latitude: latitude, longitude: longitude), at: step) }
                    if milliseconds / 50 > 0 { try asStepFailure { try passTimeWaiting(milliseconds: milliseconds / 50) } }
                }
            }
        case .scroll:
            // IOSDriver.kt scrollVertical: the drag that scrolls the content down.
            let scroll = ScrollSearch.drag(scrolling: .down)
            try asStepFailure { try drag(from: scroll.from, to: scroll.to) }
        case .swipeScreen(let screenDrag):
            try asStepFailure {
                var (start, end) = (screenDrag.start, screenDrag.end)
                if screenDrag.unit == .points {
                    let size = try screenSize()
                    start = [start[0] / size.width, start[1] / size.height]
                    end = [end[0] / size.width, end[1] / size.height]
                }
                try drag(from: (start[0], start[1]), to: (end[0], end[1]))
            }
        case .scrollUntilVisible(let search):
            // Orchestra.kt scrollUntilVisible: look (half a second's wait), else drag from the
            // middle, until the timeout has passed on the world's clock.
            let started = world.clock.now
            let wanted = Double(search.visibilityPercentage) / 100
            while true {
                _ = try waitUntil(FlowCondition(visible: search.element), upTo: 500)
                if let shown = try asStepFailure({ try visibility(of: search.element) }), shown >= wanted { return true }
                let elapsed = world.clock.now.nanosecondsSinceEpoch - started.nanosecondsSinceEpoch
                guard screensScroll, waitingCanChangeTheScreen, elapsed < search.timeout.milliseconds * 1_000_000 else {
                    throw StepFailure("No visible element found: \(search.element)" + (screensScroll ? "" : " (this app's screens show "
                        + "every element without scrolling)"))
                }
                let scroll = ScrollSearch.drag(scrolling: search.direction)
                try asStepFailure { try drag(from: scroll.from, to: scroll.to) }
            }
        case .back:
            // IOSDriver.kt backPress() {}: iOS has no back key; Orchestra.kt counts it as acting.
            warnings.append("\(location(of: step)) \(step.shownCommand): Maestro's iOS driver presses nothing for back, so "
                + "nothing happens on iOS; to leave the screen, navigateBack taps its back button or cancels what is presented")
        case .setAirplaneMode:
            // IOSDriver.kt setAirplaneMode: iOS simulators have none; Maestro logs a warning.
            warnings.append("\(location(of: step)) \(step.shownCommand): Airplane mode is not available on iOS simulators")
        case .pressKey(let key) where !key.pressesOnIOS:
            // IOSDriver.kt pressKey maps four keys and does nothing for the rest.
            warnings.append("\(location(of: step)) \(step.shownCommand): Maestro's iOS driver presses only Enter, Backspace, Home "
                + "and Lock; this key does nothing on iOS")
        case .tapWith(let selector, let options):
            // Maestro's tap repeat and long press, on the world's clock: the element is found
            // (waiting as tapOn does), then tapped `count` times `delay` apart, or held 3 s.
            var before: ElementNode?
            try afterWaiting(for: command, optional: step.isOptional) { () throws(StepFailure) in
                if options.waitUntilVisible { before = try asStepFailure { try framedTree() } }
                try tap(options, taps: 0..<1) { try perform(.tapOn(selector), at: step) }
            }
            try tap(options, taps: 1..<max(1, options.count)) { try perform(.tapOn(selector), at: step) }
            if let before, let tapped = selector.match(in: before) {
                try tapAgainWhenVisible(tapped, before: before, options)
            }
        case .tapOnPoint(let written, let options):
            // Orchestra.kt tapOnPointV2Command: the point, worked out, tapped as the options say
            // (Maestro.kt tapOnRelative for a percentage, on the screen's whole points).
            guard let point = ScreenPoint(written) else { throw StepFailure("Invalid point: \(written)") }
            let size = try asStepFailure { try screenSize() }
            let (x, y) = point.inPoints(width: size.width, height: size.height)
            try tap(options, taps: 0..<max(1, options.count)) { try tap(atX: x, y: y) }
        case .assertTrue(let value):
            // Orchestra.kt assertConditionCommand on a scriptCondition.
            guard FlowCondition.scriptHolds(value) else { throw StepFailure("Assertion is false: \(value) is true") }
        case .runScript(let file):
            // Orchestra.kt runScriptCommand: when its condition holds, the file runs with its env.
            if let condition = file.condition, !(try evaluate(condition, waitingUpTo: Self.optionalLookupTimeout)) { return false }
            try scripts.run(file: file.code, named: file.path,
                            variables: (step.scriptVariables ?? [:]).merging(file.environment) { $1 })
        case .conditional(let condition, let body):
            // Orchestra.kt runFlowCommand: evaluateCondition with no timeout of its own (7 s).
            guard try evaluate(condition, waitingUpTo: Self.optionalLookupTimeout) else { return false }
            return try executeBody(body, warnings: &warnings)
        case .extendedWaitUntil(let condition, let timeout):
            // Orchestra.kt assertConditionCommand: the condition, waited for up to the timeout
            // (less the time since the last interaction).
            let waited = ScenarioDuration(milliseconds: adjustedToLatestInteraction(timeout.milliseconds))
            guard try evaluate(condition, waitingUpTo: timeout.milliseconds) else {
                throw StepFailure("Assertion is false: \(condition) (after \(waited) of the world's clock)")
            }
        case .hookedFlow(let onStart, let body, let onComplete):
            // Orchestra.kt runSubFlow: the complete hook runs in a `finally`; its failure is
            // the step's when the flow passed.
            // It acted when its commands did and, with a complete hook, so did the hook.
            var failure: StepFailure?
            var acted = false, completeActed = onComplete.isEmpty
            do throws(StepFailure) {
                try executeBody(onStart, warnings: &warnings)
                acted = try executeBody(body, warnings: &warnings)
            } catch {
                failure = error
            }
            do throws(StepFailure) {
                completeActed = try executeBody(onComplete, warnings: &warnings) || onComplete.isEmpty
            } catch {
                if failure == nil { failure = error }
            }
            if let failure { throw failure }
            return acted && completeActed
        case .retry(let maxRetries, let body):
            // Orchestra.kt retryCommand: the commands again from the first after a failure, at
            // most `maxRetries` more times; the last failure is the step's. Nothing is undone
            // between attempts.
            var attempt = 0
            while true {
                do throws(StepFailure) {
                    return try executeBody(body, warnings: &warnings)
                } catch {
                    guard attempt < maxRetries else { throw error }
                    attempt += 1
                    let failed = error.step ?? step
                    warnings.append("\(location(of: failed)) \(failed.shownCommand): \(error.message) (attempt \(attempt) of "
                        + "\(maxRetries + 1); retrying)")
                }
            }
        case .repeatWhile(let condition, let times, let body):
            // Orchestra.kt repeatCommand: while the condition holds and fewer than `times`
            // runs were made; without `times` the runner's bound stands in for Maestro's none.
            let bound = times ?? Self.unboundedRepeatLimit
            var runs = 0, acted = false
            let now = { () throws(StepFailure) -> FlowCondition in
                guard case .repeatWhile(let evaluated, _, _) = try self.evaluatedScripts(of: step) else { return condition }
                return evaluated
            }
            while runs < bound, try evaluate(try now(), waitingUpTo: Self.optionalLookupTimeout) {
                acted = try executeBody(body, warnings: &warnings) || acted
                runs += 1
            }
            if times == nil, runs == bound, try evaluate(try now(), waitingUpTo: Self.optionalLookupTimeout) {
                throw StepFailure("repeat while \(condition): still true after \(bound) runs; give `times`, or make the "
                    + "commands change what the condition tests")
            }
            return acted
        default:
            defer { if case .copyTextFrom = command { try? scripts.copied(copiedText) } }
            try afterWaiting(for: command, optional: step.isOptional) { () throws(StepFailure) in
                try asStepFailure { try perform(command, at: step) }
            }
        }
        return command.actsOnDevice
    }

    /// Runs `act` once what `command` looks for is there or its wait is over (``awaited(by:optional:)``;
    /// at once for a command that looks for nothing), as Maestro's findElement waits before a
    /// command acts; a failure after a wait in vain says how long it waited.
    private func afterWaiting(for command: ScenarioCommand, optional: Bool, _ act: () throws(StepFailure) -> Void) throws(StepFailure) {
        guard let (condition, lookup) = Self.awaited(by: command, optional: optional) else { return try act() }
        let timeout = adjustedToLatestInteraction(lookup)
        let held = try waitUntil(condition, upTo: timeout)
        do throws(StepFailure) {
            try act()
        } catch {
            guard !held, waitingCanChangeTheScreen else { throw error }
            var failure = error
            failure.message += " (after waiting \(ScenarioDuration(milliseconds: timeout)) of the world's clock)"
            throw failure
        }
    }

    /// The distance Maestro's TravelCommand.GeoPoint `getDistanceInMeters` computes, in metres:
    /// the haversine formula, with its differences turned into radians a second time, as
    /// Maestro's are (so a leg takes the time it takes in Maestro).
    static func maestroDistance(_ start: Coordinate, _ end: Coordinate) -> Double {
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let (startLatitude, startLongitude) = (radians(start.latitude), radians(start.longitude))
        let (endLatitude, endLongitude) = (radians(end.latitude), radians(end.longitude))
        let dLatitude = radians(endLatitude - startLatitude), dLongitude = radians(endLongitude - startLongitude)
        let a = sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(radians(startLatitude)) * cos(radians(endLatitude)) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 6_371 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot()) * 1_000
    }

    /// The taps `indices` of the options' `count` (from 0), each a `touch`: held 3 s for a long
    /// press, `delay` apart.
    private func tap(_ options: TapOptions, taps indices: Range<Int>, _ touch: () throws -> Void) throws(StepFailure) {
        for index in indices {
            if index > 0 { try asStepFailure { try passTimeWaiting(milliseconds: options.delay.milliseconds) } }
            if options.longPress { try asStepFailure { try passTimeWaiting(milliseconds: TapOptions.longPressHold.milliseconds) } }
            try asStepFailure(touch)
        }
    }

    /// Maestro.kt `tap` with `waitUntilVisible`: when the tree after the taps is the tree before
    /// them and the tapped element is not on top at its centre (another element covered it, so
    /// the touch went there), look again once a second of the world's clock, ten times at most
    /// (`waitUntilVisible`), then tap once more as written, with no further wait: at the centre
    /// of the one element of the last tree with the tapped one's attributes, wherever it is now
    /// (ViewHierarchy.kt `refreshElement`), else where the tapped one was.
    private func tapAgainWhenVisible(_ tapped: ElementNode, before: ElementNode, _ options: TapOptions) throws(StepFailure) {
        guard let after = try asStepFailure({ try framedTree() }), after.hasSameContent(as: before), !after.showsOnTop(tapped) else {
            return
        }
        var last = after
        for _ in 0..<10 {
            guard let tree = try asStepFailure({ try framedTree() }) else { break }
            last = tree
            if tree.showsOnTop(tapped) { break }
            try asStepFailure { try passTimeWaiting(milliseconds: 1_000) }
        }
        guard let center = (last.refreshed(tapped) ?? tapped).center else { return }
        try tap(options, taps: 0..<max(1, options.count)) { try tap(atX: center.x, y: center.y) }
    }

    /// `milliseconds` less the time since the last interaction on the world's clock, never
    /// below 0 (Orchestra.kt `adjustedToLatestInteraction`): the lookups after a command share
    /// its 17 s. A wait of 0 still looks once, as `MaestroTimer.withTimeout` does.
    func adjustedToLatestInteraction(_ milliseconds: Int64) -> Int64 {
        let since = (world.clock.now.nanosecondsSinceEpoch - lastInteraction.nanosecondsSinceEpoch) / 1_000_000
        return max(0, milliseconds - since)
    }

    /// Maestro's lookup timeouts (Orchestra.kt `lookupTimeoutMs`, `optionalLookupTimeoutMs`),
    /// in milliseconds of the world's clock.
    static var lookupTimeout: Int64 { 17_000 }
    static var optionalLookupTimeout: Int64 { 7_000 }

    /// What a command waits for before it acts, and how long: an element it acts on (Orchestra.kt
    /// `findElement`: 17 s, 7 s when optional), the one `assertVisible` wants or the one
    /// `assertNotVisible` wants gone (`assertConditionCommand`: 17 s, optional or not).
    static func awaited(by command: ScenarioCommand, optional: Bool) -> (FlowCondition, Int64)? {
        let lookup = optional ? optionalLookupTimeout : lookupTimeout
        switch command {
        case .tapOn(let selector), .copyTextFrom(let selector), .swipe(let selector, _), .tapWith(let selector, _):
            return (FlowCondition(visible: selector), lookup)
        case .assertVisible(let selector): return (FlowCondition(visible: selector), lookupTimeout)
        case .assertNotVisible(let selector): return (FlowCondition(notVisible: selector), lookupTimeout)
        default: return nil
        }
    }

    /// Orchestra.kt `evaluateCondition`: the platform; then the visible element, waited for up
    /// to `timeout`; then the element that must not be visible, waited for to go as long.
    /// Each wait is shortened by the time since the last interaction, as Maestro's are
    /// (``adjustedToLatestInteraction(_:)``).
    func evaluate(_ condition: FlowCondition, waitingUpTo timeout: Int64) throws(StepFailure) -> Bool {
        guard condition.platformHolds else { return false }
        if let visible = condition.visible,
           !(try waitUntil(FlowCondition(visible: visible), upTo: adjustedToLatestInteraction(timeout))) { return false }
        if let notVisible = condition.notVisible,
           !(try waitUntil(FlowCondition(notVisible: notVisible), upTo: adjustedToLatestInteraction(timeout))) {
            return false
        }
        if let script = condition.script, !FlowCondition.scriptHolds(script) { return false }
        return true
    }

    /// `step` with its scripted numbers worked out, as Maestro's `evaluateScripts` does when the
    /// command is reached; `step` itself when it has none.
    private func resolvingDeferredValues(of step: ScenarioStep) throws(StepFailure) -> ScenarioStep {
        guard let deferred = step.deferred else { return step }
        let variables = step.scriptVariables ?? deferred.environment
        let before = scenario.expandedCommandCount + resolvedCommandCount
        let (resolved, counted) = try ScenarioDecoder.resolving(deferred, of: step, commandsSoFar: before) {
            (text: String) throws(StepFailure) -> String in
            try scripts.template(text, at: step, variables: variables)
        }
        resolvedCommandCount += counted - before
        return resolved
    }

    /// The step's command with its `${…}` worked out, for a step whose values kept scripts.
    private func evaluatedScripts(of step: ScenarioStep) throws(StepFailure) -> ScenarioCommand {
        guard let variables = step.scriptVariables ?? (step.command.isScript ? [:] : nil) else { return step.command }
        return try step.command.evaluatingScripts { (text: String) throws(StepFailure) -> String in
            try scripts.template(text, at: step, variables: variables)
        }
    }

    /// Whether `condition` holds on the settled screen now or within `timeout` milliseconds of
    /// the world's clock, looked at again every 500 ms (Maestro's `MaestroTimer` polls as
    /// often): the clock moves on, so the app's timers and queues run, and no host time passes.
    /// An app that is not in front cannot change the screen, so nothing is waited for then.
    private func waitUntil(_ condition: FlowCondition, upTo timeout: Int64) throws(StepFailure) -> Bool {
        var waited: Int64 = 0
        var held = try check(condition)
        while !held, waited < timeout, waitingCanChangeTheScreen {
            let slice = min(500, timeout - waited)
            try asStepFailure { try passTimeWaiting(milliseconds: slice) }
            waited += slice
            held = try check(condition)
        }
        if waited > 0 {
            world.trace.record(.scenarioWaited(span: ScenarioDuration(milliseconds: waited).description, for: condition.description,
                                               held: held))
        }
        return held
    }

    /// How many runs a `repeat: {while}` without `times` may make before it fails.
    static var unboundedRepeatLimit: Int { 1_000 }

    /// Runs `body` in order; returns whether any of its steps acted on the device.
    @discardableResult
    private func executeBody(_ body: [ScenarioStep], warnings: inout [String]) throws(StepFailure) -> Bool {
        var acted = false
        for inner in body {
            do throws(StepFailure) {
                acted = try execute(inner, warnings: &warnings) || acted
            } catch {
                var failure = error
                if failure.step == nil { failure.step = inner }
                throw failure
            }
        }
        return acted
    }

    private func check(_ condition: FlowCondition) throws(StepFailure) -> Bool {
        try asStepFailure { try holds(condition) }
    }

    /// `body`'s result; what it throws as the step's failure (``stepFailure(from:)``).
    private func asStepFailure<Result>(_ body: () throws -> Result) throws(StepFailure) -> Result {
        do {
            return try body()
        } catch let failure as StepFailure {
            throw failure
        } catch {
            throw stepFailure(from: error)
        }
    }

    /// Where `step` is written, its files relative to the suite folder
    /// (`flows/sub.yaml:4:3 (from main.yaml:9:3)`), so reports read the same on every machine.
    func location(of step: ScenarioStep) -> String {
        ScenarioSession.relative(step.description, scenario: scenario)
    }

}
