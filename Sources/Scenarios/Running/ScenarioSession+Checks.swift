import Platform
import Simulator

/// A run that checks its device with checkers (docs/explore.md): on the app host and on an
/// app in its own process alike.
protocol CheckedRun: StepRunning {
    /// The checkers the run uses; none to skip.
    var checkers: [Checker] { get }
    /// The checkers' memory of this device (photo IDs seen), across relaunches.
    var checkup: DeviceCheckup { get }
}

/// The checkers in a scenario run: after every `launchApp` (a relaunch is where recovery
/// happens) and at the end, with one ``DeviceCheckup`` for the whole run so the photo-ID record
/// spans relaunches.
extension CheckedRun {
    /// Runs the checkers after `step` when it launched the app; `clearState` forgets the
    /// photo-ID record (an erased container counts from 1 again).
    func checkAfter(_ step: ScenarioStep) throws(StepFailure) {
        guard !checkers.isEmpty else { return }
        switch step.command {
        case .clearState: checkup.containerErased()
        case .launchApp(let options):
            if options.clearState { checkup.containerErased() }
            if let failure = checkup.run(checkers) { throw ScenarioSession.stepFailure(failure, when: "after this launch") }
        default: break
        }
    }

    /// Runs the checkers once every step has passed; a failure is reported at the last step.
    func checkAtEnd(after last: ScenarioStep) -> ScenarioFailure? {
        guard !checkers.isEmpty, let failure = checkup.run(checkers) else { return nil }
        let step = ScenarioSession.stepFailure(failure, when: "at the end of the scenario")
        world.trace.record(.scenarioCheckFailed(checker: failure.checker, problems: failure.problems))
        var reported = ScenarioFailure(command: "check \(failure.checker)", location: location(of: last),
                                       message: step.message, expected: nil, actual: nil,
                                       traceTail: world.trace.tail(ScenarioFailure.traceTailLength))
        reported.checker = failure.checker
        return reported
    }
}

extension ScenarioSession: CheckedRun {
    /// The checkers a run of `scenario` uses: `selection`'s for its app, narrowed by the header's
    /// `checkers` and `skipCheckers`, less those its own commands answer for: after `deleteFile`
    /// (damage done on purpose) the checkers about the container's files, after `assertLeak` (a
    /// known leak asserted) the leak check.
    static func checkers(_ selection: CheckerSelection, for scenario: Scenario, definition: AppDefinition) -> [Checker] {
        checkers(selection, for: scenario, appCheckers: definition.checkers)
    }

    /// The same for an app with `appCheckers` of its own (an app in its own process).
    static func checkers(_ selection: CheckerSelection, for scenario: Scenario, appCheckers: [AppChecker]) -> [Checker] {
        var answered = false, assertsLeak = false
        for command in commands(of: scenario.steps) {
            switch command {
            case .deleteFile: answered = true
            case .assertLeak: assertsLeak = true
            default: break
            }
        }
        return selection.checkers(appCheckers: appCheckers, headerOnly: scenario.header.checkers,
                                  headerSkipped: scenario.header.skipCheckers).filter { checker in
            !(answered && checker.coversFiles) && !(assertsLeak && checker.name == Checker.leaks.name)
        }
    }

    private static func commands(of steps: [ScenarioStep]) -> [ScenarioCommand] {
        steps.flatMap { step -> [ScenarioCommand] in
            if let body = step.command.nestedSteps { return commands(of: body) }
            return [step.command]
        }
    }

    static func stepFailure(_ failure: CheckFailure, when: String) -> StepFailure {
        var step = StepFailure("checker \(failure.checker) failed \(when): " + failure.problems.joined(separator: "; "))
        step.checker = failure.checker
        return step
    }
}
