import Simulator

/// The checkers (docs/explore.md) in a scenario run: after every `launchApp` (a relaunch is
/// where recovery happens) and at the end, with one ``DeviceCheckup`` for the whole run so the
/// photo-ID record spans relaunches.
extension ScenarioSession {
    /// Runs the checkers after `step` when it launched the app; `clearState` forgets the
    /// photo-ID record (an erased container counts from 1 again).
    func checkAfter(_ step: ScenarioStep) throws(StepFailure) {
        guard !checkers.isEmpty else { return }
        switch step.command {
        case .clearState: checkup.containerErased()
        case .launchApp(let options):
            if options.clearState { checkup.containerErased() }
            if let failure = checkup.run(checkers) { throw Self.stepFailure(failure, when: "after this launch") }
        default: break
        }
    }

    /// Runs the checkers once every step has passed; a failure is reported at the last step.
    func checkAtEnd(after last: ScenarioStep) -> ScenarioFailure? {
        guard !checkers.isEmpty, let failure = checkup.run(checkers) else { return nil }
        let step = Self.stepFailure(failure, when: "at the end of the scenario")
        world.trace.record("scenario check \(failure.checker) failed: \(failure.problems.joined(separator: "; "))")
        var reported = ScenarioFailure(command: "check \(failure.checker)", location: location(of: last),
                                       message: step.message, expected: nil, actual: nil,
                                       traceTail: world.trace.tail(ScenarioFailure.traceTailLength))
        reported.checker = failure.checker
        return reported
    }

    /// The checkers a run of `scenario` uses: `checkers` less the header's `skipCheckers`, less
    /// those its own commands answer for: after `deleteFile` (damage done on purpose) the file
    /// checkers, after `assertLeak` (a known leak asserted) the leak check.
    static func checkers(_ checkers: [Checker], for scenario: Scenario) -> [Checker] {
        var skipped = Set(scenario.header.skipCheckers)
        for command in commands(of: scenario.steps) {
            switch command {
            case .deleteFile: skipped.formUnion([Checker.photoFiles.name, Checker.externalStorage.name])
            case .assertLeak: skipped.insert(Checker.leaks.name)
            default: break
            }
        }
        return checkers.filter { !skipped.contains($0.name) }
    }

    private static func commands(of steps: [ScenarioStep]) -> [ScenarioCommand] {
        steps.flatMap { step -> [ScenarioCommand] in
            if case .repeat(_, let body) = step.command { return commands(of: body) }
            return [step.command]
        }
    }

    static func stepFailure(_ failure: CheckFailure, when: String) -> StepFailure {
        var step = StepFailure("checker \(failure.checker) failed \(when): " + failure.problems.joined(separator: "; "))
        step.checker = failure.checker
        return step
    }
}
