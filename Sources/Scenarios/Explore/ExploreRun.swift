import AppRuntime
import Core
import Platform
import Simulator

/// One run of an exploration: a fresh device, the launch, then events drawn one at a time, the
/// checkers after each, until the budget is spent or a checker fails.
struct ExploreRun {
    let options: ExploreOptions
    let seed: UInt64
    let session: Session
    let scenario: ExploreScenario
    let folder: String
    let fileSystem: FileSystem

    /// What the run did: the commands carried out (in order), the events drawn, the failure.
    struct Outcome {
        var commands: [ScenarioCommand] = []
        var events = 0
        var refused = 0
        var refusals: [String] = []
        var failure: CheckFailure?
        var stoppedByDeadline = false
    }

    /// `mediaTemplate`, when given, is the prepared empty media library the device starts from
    /// (as `simctl run`'s temporary devices do) instead of building its own database; an app in
    /// its own process starts from `launchPool`'s loaded image when one is given.
    init(options: ExploreOptions, seed: UInt64, media: [SuiteFilePath], apps: [AppDefinition],
         fileSystem: FileSystem, mediaTemplate: MediaLibraryTemplate? = nil, launchPool: LaunchPool? = nil) throws(ExploreError) {
        self.options = options
        self.seed = seed
        self.fileSystem = fileSystem
        scenario = ExploreScenario(options: options, seed: seed, media: media)
        folder = options.workFolder.appendingPathComponent("explore-\(seed)")
        do throws(StepFailure) {
            let start = scenario.scenario([], checker: nil)
            if let bundle = options.appBundle {
                let process = try ProcessScenarioSession.start(start, world: World(seed: seed), bundle: bundle, folder: folder,
                                                               fileSystem: fileSystem, defaultTolerance: 48, mediaTemplate: mediaTemplate)
                process.launchPool = launchPool
                session = .process(process, appCheckers: apps.first { $0.bundleIdentifier == bundle.bundleIdentifier }?.checkers ?? [])
            } else {
                session = .host(try ScenarioSession.start(start, world: World(seed: seed), target: .temporaryDevice, folder: folder,
                                                          fileSystem: fileSystem, apps: apps, defaultTolerance: 48,
                                                          mediaTemplate: mediaTemplate))
            }
        } catch {
            throw .outputNotWritten(path: folder, reason: error.message)
        }
    }

    /// The app explored: on the app host, or in its own process with the checkers of the
    /// in-process app of its identifier, if there is one.
    enum Session {
        case host(ScenarioSession)
        case process(ProcessScenarioSession, appCheckers: [AppChecker])

        var runner: StepRunning {
            switch self {
            case .host(let session): session
            case .process(let session, _): session
            }
        }

        var world: World { runner.world }

        var state: ExploreState {
            switch self {
            case .host(let session): ExploreState(host: session.host)
            case .process(let session, _): ExploreState(process: session.exploreSnapshot())
            }
        }

        var checkup: DeviceCheckup {
            switch self {
            case .host(let session): DeviceCheckup(host: session.host)
            case .process(let session, _): session.checkup
            }
        }

        func checkers(_ selection: CheckerSelection) -> [Checker] {
            switch self {
            case .host(let session): selection.checkers(for: session.host.definition)
            case .process(_, let appCheckers): selection.checkers(appCheckers: appCheckers)
            }
        }

        func end() {
            switch self {
            case .host(let session): session.end()
            case .process(let session, _): session.end()
            }
        }
    }

    /// Launches, then draws up to `events` events, checking after the launch and each event.
    func perform(events: Int, deadlineReached: () -> Bool) -> Outcome {
        defer {
            session.end()
            try? fileSystem.removeItem(at: folder)
        }
        let generator = ExploreGenerator(random: session.world.streams.stream("explore"), arguments: options.launchArguments,
                                         mediaFiles: scenario.media)
        let checkup = session.checkup
        checkup.skipsUnchangedDevice = true
        let checkers = session.checkers(options.checkers)
        var outcome = Outcome()
        perform([generator.launch], into: &outcome)
        if let failure = checkup.run(checkers) { outcome.failure = failure; return outcome }
        while outcome.events < events {
            if deadlineReached() { outcome.stoppedByDeadline = true; break }
            perform(generator.next(session.state).commands, into: &outcome)
            outcome.events += 1
            if let failure = checkup.run(checkers) { outcome.failure = failure; break }
        }
        return outcome
    }

    /// Carries out `commands` in order, recording each that was done; stops at one refused.
    private func perform(_ commands: [ScenarioCommand], into outcome: inout Outcome) {
        for command in commands {
            let step = ScenarioStep(command: command, location: SourceLocation(file: "explore", line: outcome.commands.count + 1, column: 3))
            do throws(StepFailure) {
                try session.runner.execute(step)
                outcome.commands.append(command)
            } catch {
                outcome.refused += 1
                if outcome.refusals.count < 5 { outcome.refusals.append("\(command.summary): \(error.message)") }
                return
            }
        }
    }
}
