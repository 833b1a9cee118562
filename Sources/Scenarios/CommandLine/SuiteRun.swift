import Foundation
import Simulator

/// One `simctl run`: the scenarios its options select, in order, each repetition with its seed,
/// run on worker threads; results come back in that order.
///
/// Reads no clock and draws no randomness itself: host time comes from the runner's clock and
/// the seeds of repetitions after the first from `nextSeed` (both the command line's).
public struct SuiteRun {
    /// One run to do: a scenario and the seed it gets (nil: the header's or the derived one).
    public struct Job: Sendable {
        public let scenario: Scenario
        public let seed: UInt64?
    }

    public let options: SuiteRunOptions
    /// The runs, in the order of the files, each scenario's repetitions together.
    public let jobs: [Job]
    /// How many loaded scenarios the tags or the shard left out.
    public let skippedCount: Int

    /// Loads every path (all must be valid, or nothing runs), keeps the scenarios the tags and
    /// the shard select, and plans the repetitions.
    ///
    /// Repetitions: the first uses `--seed`, else the header's, else the derived seed; with
    /// `--seed S` the others use S+1, S+2, …; without, each draws a new seed from `nextSeed`.
    public init(options: SuiteRunOptions, loader: ScenarioLoader,
                nextSeed: () -> UInt64) throws(ScenarioLoadError) {
        self.options = options
        var loaded: [Scenario] = []
        var filteredCount = 0
        var diagnostics: [ScenarioDiagnostic] = []
        for path in options.paths {
            do throws(ScenarioLoadError) {
                let suite = try ScenarioSuite.load(path: path, loader: loader, tags: options.tags)
                loaded += suite.scenarios
                filteredCount += suite.filteredOut.count
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw ScenarioLoadError(diagnostics: diagnostics) }
        let selected = options.shard.map { $0.select(loaded) } ?? loaded
        skippedCount = filteredCount + loaded.count - selected.count
        var jobs: [Job] = []
        for scenario in selected {
            for repetition in 0..<options.repeatCount {
                let seed: UInt64?
                if repetition == 0 { seed = options.seed } else if let base = options.seed { seed = base &+ UInt64(repetition) } else {
                    seed = nextSeed() & 0xFFFF_FFFF
                }
                jobs.append(Job(scenario: scenario, seed: seed))
            }
        }
        self.jobs = jobs
    }

    /// Runs every job on `options.workers` threads; `completed` is called (on a worker thread,
    /// one call at a time) as each finishes, with how many are done.
    public func run(with runner: ScenarioRunner, deviceSet: DeviceSet?,
                    completed: @escaping @Sendable (ScenarioResult, Int) -> Void = { _, _ in }) -> [ScenarioResult] {
        let target: RunTarget = deviceSet.map { .installed(set: $0, device: options.device ?? "booted") } ?? .temporaryDevice
        let workers = deviceSet == nil ? options.workers : 1
        let checks = options.checksDeterminism
        let faultRate = options.faultRate
        let counter = CompletionCounter(completed)
        let targetBox = UncheckedTarget(target)
        return ParallelMap.map(jobs, workers: workers) { index, job in
            let runOptions = RunOptions(seed: job.seed, target: targetBox.target, faultRate: faultRate)
            let result = checks ? runner.runTwice(job.scenario, options: runOptions, slot: "run-\(index)")
                : runner.run(job.scenario, options: runOptions, slot: "run-\(index)")
            counter.report(result)
            return result
        }
    }

    /// The exit status for `results`: 0 when all passed (or nothing was selected), 1 otherwise.
    public static func exitCode(for results: [ScenarioResult]) -> Int32 {
        results.allSatisfy(\.passed) ? ScenarioExitCode.passed : ScenarioExitCode.failed
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

/// Counts finished runs and calls back one at a time.
private final class CompletionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let callback: @Sendable (ScenarioResult, Int) -> Void

    init(_ callback: @escaping @Sendable (ScenarioResult, Int) -> Void) {
        self.callback = callback
    }

    func report(_ result: ScenarioResult) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        callback(result, done)
    }
}

/// The run target across threads: a device set is used by one worker only (`-j 1` with `--device`).
private struct UncheckedTarget: @unchecked Sendable {
    let target: RunTarget
    init(_ target: RunTarget) { self.target = target }
}
