import Core
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
}

extension StepRunning {
    /// Runs a scenario as Maestro's Orchestra `runFlow` does: its `onFlowStart` commands, then
    /// (when they passed) its own, then its `onFlowComplete` commands whatever happened; the
    /// first failure is the scenario's.
    func execute(_ steps: [ScenarioStep], onFlowStart: [ScenarioStep], onFlowComplete: [ScenarioStep])
        -> (commands: [CommandResult], failure: ScenarioFailure?) {
        guard !onFlowStart.isEmpty || !onFlowComplete.isEmpty else { return execute(steps) }
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
                commands.append(CommandResult(command: step.shownCommand, location: location(of: step), status: .failed))
            }
        }
        return (commands, failure)
    }

    /// Executes one step (a `repeat` runs its body `times` times), marking where it started in
    /// the trace so a failure's tail reads with the scenario beside it.
    func execute(_ step: ScenarioStep) throws(StepFailure) {
        var warnings: [String] = []
        try execute(step, warnings: &warnings)
    }

    /// Executes one step; an `optional` one that fails adds its failure to `warnings` and
    /// returns, so the run goes on (Maestro's Orchestra.kt turns such a failure into
    /// `CommandWarned` and carries on with the next command).
    func execute(_ step: ScenarioStep, warnings: inout [String]) throws(StepFailure) {
        guard step.isOptional else { return try executeRequired(step, warnings: &warnings) }
        do throws(StepFailure) {
            try executeRequired(step, warnings: &warnings)
        } catch {
            let failed = error.step ?? step
            world.trace.record(.scenarioStepWarned(line: failed.location.line, column: failed.location.column, message: error.message))
            warnings.append("\(location(of: failed)) \(failed.shownCommand): \(error.message)")
        }
    }

    private func executeRequired(_ step: ScenarioStep, warnings: inout [String]) throws(StepFailure) {
        if case .repeat(let times, let body) = step.command {
            for _ in 0..<times { try executeBody(body, warnings: &warnings) }
            return
        }
        world.trace.record(.scenarioStep(line: step.location.line, column: step.location.column, command: step.command.summary))
        switch step.command {
        case .conditional(let condition, let body):
            if try check(condition) { try executeBody(body, warnings: &warnings) }
        case .extendedWaitUntil(let condition, let timeout):
            // Orchestra.kt assertConditionCommand: the condition, waited for up to the timeout.
            // The wait is the world's clock moving on, half a second at a time, so the app's
            // timers and queues run; no host time passes.
            var waited: Int64 = 0
            while !(try check(condition)) {
                guard waited < timeout.milliseconds else {
                    throw StepFailure("Assertion is false: \(condition) (after \(timeout) of the world's clock)")
                }
                let slice = min(500, timeout.milliseconds - waited)
                try asStepFailure { try perform(.advanceClock(ScenarioDuration(milliseconds: slice)), at: step) }
                waited += slice
            }
        case .retry(let maxRetries, let body):
            // Orchestra.kt retryCommand: the commands again from the first after a failure, at
            // most `maxRetries` more times; the last failure is the step's. Nothing is undone
            // between attempts.
            var attempt = 0
            while true {
                do throws(StepFailure) {
                    try executeBody(body, warnings: &warnings)
                    return
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
            var runs = 0
            while runs < bound, try check(condition) {
                try executeBody(body, warnings: &warnings)
                runs += 1
            }
            if times == nil, runs == bound, try check(condition) {
                throw StepFailure("repeat while \(condition): still true after \(bound) runs; give `times`, or make the "
                    + "commands change what the condition tests")
            }
        default:
            try asStepFailure { try perform(step.command, at: step) }
        }
    }

    /// How many runs a `repeat: {while}` without `times` may make before it fails.
    static var unboundedRepeatLimit: Int { 1_000 }

    private func executeBody(_ body: [ScenarioStep], warnings: inout [String]) throws(StepFailure) {
        for inner in body {
            do throws(StepFailure) {
                try execute(inner, warnings: &warnings)
            } catch {
                var failure = error
                if failure.step == nil { failure.step = inner }
                throw failure
            }
        }
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
