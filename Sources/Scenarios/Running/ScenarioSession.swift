import Core
import Foundation
import Platform
import Simulator

/// One run of one scenario: its world, device and app host, and what the run has seen so far
/// (the notification checkpoint, screenshot requests).
final class ScenarioSession {
    let scenario: Scenario
    let world: World
    let device: RuntimeDevice
    let host: AppHost
    let fileSystem: FileSystem
    let defaultTolerance: Int
    /// The trace line after the last `assertNotifications`.
    var notificationCheckpoint = 0
    private(set) var screenshots: [ScreenshotRequest] = []
    /// Draw screenshots (and later thumbnail written images) for the HTML report.
    var capturesImages = false
    /// The checkers run after every relaunch and at the end (docs/explore.md); none to skip.
    var checkers: [Checker] = []
    /// The checkers' memory of this device (photo IDs seen), across relaunches.
    lazy var checkup = DeviceCheckup(host: host)

    init(scenario: Scenario, world: World, device: RuntimeDevice, host: AppHost, fileSystem: FileSystem,
         defaultTolerance: Int) {
        self.scenario = scenario
        self.world = world
        self.device = device
        self.host = host
        self.fileSystem = fileSystem
        self.defaultTolerance = defaultTolerance
    }

    /// Executes `steps` in order until one fails; every step gets a status.
    func execute(_ steps: [ScenarioStep]) -> (commands: [CommandResult], failure: ScenarioFailure?) {
        var commands: [CommandResult] = []
        var failure: ScenarioFailure?
        for step in steps {
            guard failure == nil else {
                commands.append(CommandResult(command: step.command.summary, location: location(of: step), status: .skipped))
                continue
            }
            do throws(StepFailure) {
                try execute(step)
                try checkAfter(step)
                commands.append(CommandResult(command: step.command.summary, location: location(of: step), status: .passed))
            } catch {
                let failed = error.step ?? step
                world.trace.record(.scenarioStepFailed(line: failed.location.line, column: failed.location.column, message: error.message))
                failure = ScenarioFailure(command: failed.command.summary, location: location(of: failed),
                                          message: error.message, expected: error.expected, actual: error.actual,
                                          traceTail: world.trace.tail(ScenarioFailure.traceTailLength))
                failure?.checker = error.checker
                commands.append(CommandResult(command: step.command.summary, location: location(of: step), status: .failed))
            }
        }
        if failure == nil, let last = steps.last { failure = checkAtEnd(after: last) }
        return (commands, failure)
    }

    /// Executes one step (a `repeat` runs its body `times` times), marking where it started in
    /// the trace so a failure's tail reads with the scenario beside it.
    func execute(_ step: ScenarioStep) throws(StepFailure) {
        if case .repeat(let times, let body) = step.command {
            for _ in 0..<times {
                for inner in body {
                    do throws(StepFailure) {
                        try execute(inner)
                    } catch {
                        var failure = error
                        if failure.step == nil { failure.step = inner }
                        throw failure
                    }
                }
            }
            return
        }
        world.trace.record(.scenarioStep(line: step.location.line, column: step.location.column, command: step.command.summary))
        do {
            try perform(step.command, at: step)
        } catch let failure as StepFailure {
            throw failure
        } catch let error as RuntimeError {
            throw StepFailure(error.description)
        } catch {
            throw StepFailure("\(error)")
        }
    }

    /// Where `step` is written, its files relative to the suite folder
    /// (`flows/sub.yaml:4:3 (from main.yaml:9:3)`), so reports read the same on every machine.
    func location(of step: ScenarioStep) -> String {
        Self.relative(step.description, scenario: scenario)
    }

    /// `text` with the suite folder's path (and its slash) taken out.
    static func relative(_ text: String, scenario: Scenario) -> String {
        guard scenario.file.hasSuffix(scenario.relativePath) else { return text }
        let root = String(scenario.file.dropLast(scenario.relativePath.count))
        return root.isEmpty ? text : text.replacingOccurrences(of: root, with: "")
    }

    /// Ends the run: an app still running is killed, without a notification (nothing of it is
    /// traced or checked any more), so its process lets go of the world and the device it holds
    /// through the world's queues and observers, and all three are freed. A run that left the
    /// app running would otherwise keep them (some hundreds of KB) for as long as the process
    /// lives: memory growing with every run of `--repeat` or of an exploration.
    func end() {
        guard host.state.isRunning else { return }
        try? host.kill()
    }

    /// Notes a `takeScreenshot` request with what is on screen now.
    func recordScreenshot(named name: String, at step: ScenarioStep) {
        screenshots.append(ScreenshotRequest(name: name, location: location(of: step), screen: host.visibleScreenName,
                                             elements: host.visibleElements.map(\.summary), png: screenshotPNG()))
    }
}
