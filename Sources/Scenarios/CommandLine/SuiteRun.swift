import Foundation
import Simulator

/// One `simctl run`: the scenarios its options select, in order, each repetition with its seed,
/// run on worker threads; results are handed on in that order as they arrive, never all held.
///
/// Reads no clock and draws no randomness itself: host time comes from the runner's clock and
/// the seeds of repetitions after the first from `nextSeed` (both the command line's).
public struct SuiteRun {
    /// One run to do: a scenario and the seed it gets (nil: the header's or the derived one).
    public struct Job: Sendable {
        public let scenario: Scenario
        public let seed: UInt64?
    }

    /// The runs in order: the files' order, each scenario's repetitions together. The fresh
    /// seed of a repetition (without `--seed`) is drawn from `nextSeed` when the run is reached,
    /// so the runs are never all made at once.
    public struct Jobs: Sequence, IteratorProtocol {
        let scenarios: [Scenario]
        let seed: UInt64?
        let repeatCount: Int
        let nextSeed: () -> UInt64
        private(set) var index = 0

        init(scenarios: [Scenario], seed: UInt64?, repeatCount: Int, nextSeed: @escaping () -> UInt64) {
            self.scenarios = scenarios
            self.seed = seed
            self.repeatCount = repeatCount
            self.nextSeed = nextSeed
        }

        public mutating func next() -> Job? {
            guard index < scenarios.count * repeatCount else { return nil }
            let repetition = index % repeatCount
            let scenario = scenarios[index / repeatCount]
            index += 1
            if repetition == 0 { return Job(scenario: scenario, seed: seed) }
            if let seed { return Job(scenario: scenario, seed: seed &+ UInt64(repetition)) }
            return Job(scenario: scenario, seed: nextSeed() & 0xFFFF_FFFF)
        }
    }

    /// What a run did with its results.
    public struct Outcome: Equatable, Sendable {
        /// Results handed on.
        public let delivered: Int
        /// The most results that existed at once (running, or done and waiting for an earlier
        /// one): bounded by the window, whatever the number of runs.
        public let peakHeldResults: Int
        /// Runs of the `executionOrder` sequence not run because an earlier one failed with
        /// `continueOnFailure: false`.
        public var notRun = 0
    }

    public let options: SuiteRunOptions
    /// The selected scenarios, in the files' order; each runs `options.repeatCount` times.
    public let scenarios: [Scenario]
    /// How many loaded scenarios the tags or the shard left out.
    public let skippedCount: Int
    /// How many of `scenarios`, from the first, run first, one at a time (Maestro's
    /// `executionOrder.flowsOrder`).
    public let sequenceCount: Int
    /// Whether the flows in sequence go on after one failed.
    public let continueOnFailure: Bool
    private let nextSeed: () -> UInt64

    /// Loads every path (all must be valid, or nothing runs) and keeps the scenarios the tags
    /// and the shard select.
    ///
    /// Repetitions: the first uses `--seed`, else the header's, else the derived seed; with
    /// `--seed S` the others use S+1, S+2, …; without, each draws a new seed from `nextSeed`.
    public init(options: SuiteRunOptions, loader: ScenarioLoader,
                nextSeed: @escaping () -> UInt64) throws(ScenarioLoadError) {
        self.options = options
        self.nextSeed = nextSeed
        var sequence: [Scenario] = []
        var loaded: [Scenario] = []
        var filteredCount = 0
        var continueOnFailure = true
        var diagnostics: [ScenarioDiagnostic] = []
        for path in options.paths {
            do throws(ScenarioLoadError) {
                let suite = try ScenarioSuite.load(path: path, loader: loader, tags: options.tags)
                sequence += suite.scenarios.prefix(suite.sequenceCount)
                loaded += suite.scenarios.dropFirst(suite.sequenceCount)
                filteredCount += suite.filteredOut.count
                continueOnFailure = continueOnFailure && suite.continueOnFailure
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw ScenarioLoadError(diagnostics: diagnostics) }
        // TestCommand.kt: "Cannot run sharded tests with sequential execution".
        if let shard = options.shard, shard.split > 1, !sequence.isEmpty {
            throw ScenarioLoadError(.start(of: options.paths.first ?? "."), "Cannot run sharded tests with sequential execution: "
                + "the config.yaml's executionOrder.flowsOrder runs \(sequence.count) flows one after another; run them unsharded")
        }
        let selected = options.shard.map { $0.select(loaded) } ?? loaded
        skippedCount = filteredCount + loaded.count - selected.count
        scenarios = sequence + selected
        sequenceCount = sequence.count
        self.continueOnFailure = continueOnFailure
    }

    /// How many runs there are: every selected scenario `repeatCount` times.
    public var runCount: Int { scenarios.count * options.repeatCount }

    /// The runs, in order, drawing fresh seeds as they are read.
    public func jobs() -> Jobs {
        Jobs(scenarios: scenarios, seed: options.seed, repeatCount: options.repeatCount, nextSeed: nextSeed)
    }

    /// Whether any of `steps` (or a step inside one) runs Maestro's JavaScript.
    static func usesScripts(_ steps: [ScenarioStep]) -> Bool {
        steps.contains { $0.scriptVariables != nil || $0.command.isScript || ($0.command.nestedSteps.map(usesScripts) ?? false) }
    }

    /// How many results may exist at once for `workers` threads: two per thread, so a worker
    /// finds a run to take while an earlier one is still being reported.
    public static func window(workers: Int) -> Int {
        2 * max(1, workers)
    }

    /// Runs every job on `options.workers` threads (one with a device set) and hands each result
    /// to `deliver` with its index, in order, one call at a time, as soon as it and every earlier
    /// one are done; at most ``window(workers:)`` results exist at once. `deliver` returning
    /// false (the output failed) stops the run taking new jobs.
    public func run(with runner: ScenarioRunner, deviceSet: DeviceSet?,
                    deliver: @escaping (ScenarioResult, Int) -> Bool) -> Outcome {
        let target = UncheckedTarget(deviceSet.map { .installed(set: $0, device: options.device ?? "booted") } ?? .temporaryDevice)
        let workers = deviceSet == nil ? options.workers : 1
        let checks = options.checksDeterminism
        let faultRate = options.faultRate
        if scenarios.contains(where: { Self.usesScripts($0.steps + $0.header.onFlowStart + $0.header.onFlowComplete) }) {
            MaestroJavaScript.prepare()
        }
        let perform = { (index: Int, job: Job) -> ScenarioResult in
            let runOptions = RunOptions(seed: job.seed, target: target.target, faultRate: faultRate)
            return checks ? runner.runTwice(job.scenario, options: runOptions, slot: "run-\(index)")
                : runner.run(job.scenario, options: runOptions, slot: "run-\(index)")
        }
        var plan = jobs()
        // TestSuiteInteractor.kt: the flows in sequence first, one at a time; after a failure
        // with continueOnFailure false, the rest of the sequence does not run.
        var delivered = 0
        var stopped = false
        var notRun = 0
        for _ in 0..<(sequenceCount * options.repeatCount) {
            guard let job = plan.next() else { break }
            guard !stopped else { notRun += 1; continue }
            let result = perform(delivered, job)
            guard deliver(result, delivered) else { return Outcome(delivered: delivered + 1, peakHeldResults: 1) }
            delivered += 1
            if !result.passed, !continueOnFailure { stopped = true }
        }
        let offset = delivered
        let statistics = OrderedWorkPool<Job, ScenarioResult>.run(
            workers: workers, window: Self.window(workers: workers), next: { plan.next() },
            transform: { index, job in perform(offset + index, job) },
            deliver: { result, index in deliver(result, offset + index) })
        var outcome = Outcome(delivered: offset + statistics.delivered, peakHeldResults: max(statistics.peakHeld, offset > 0 ? 1 : 0))
        outcome.notRun = notRun
        return outcome
    }

    /// The exit status for runs with `totals`: 0 when all passed (or nothing was selected), 1 otherwise.
    public static func exitCode(for totals: ResultTotals) -> Int32 {
        totals.failed == 0 ? ScenarioExitCode.passed : ScenarioExitCode.failed
    }

    /// The exit status for `results`: 0 when all passed (or nothing was selected), 1 otherwise.
    public static func exitCode(for results: [ScenarioResult]) -> Int32 {
        exitCode(for: ResultTotals(results))
    }
}

/// The exit statuses of `simctl run`, after sysexits.h where one fits.
public enum ScenarioExitCode {
    /// Every selected scenario passed.
    public static let passed: Int32 = 0
    /// At least one scenario failed.
    public static let failed: Int32 = 1
    /// The command line was wrong (EX_USAGE); nothing ran.
    public static let usage: Int32 = 64
    /// A scenario file is not valid (EX_DATAERR); nothing ran.
    public static let invalidScenario: Int32 = 65
    /// A report could not be written, or the device set could not be opened (EX_IOERR).
    public static let output: Int32 = 74
}

/// The run target across threads: a device set is used by one worker only (`-j 1` with `--device`).
private struct UncheckedTarget: @unchecked Sendable {
    let target: RunTarget
    init(_ target: RunTarget) { self.target = target }
}
