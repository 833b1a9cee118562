import Foundation

/// Running many scenarios: on several threads, and twice to check that a run is deterministic.
extension ScenarioRunner {
    /// Runs `scenarios` on `workers` threads, each scenario in its own world on its own
    /// temporary device; results come back in the input order, and are the same (bar host
    /// time) whatever the number of workers.
    public func run(_ scenarios: [Scenario], workers: Int = 1, seed: UInt64? = nil,
                    checkDeterminism: Bool = false, faultRate: Double = 0) -> [ScenarioResult] {
        ParallelMap.map(scenarios, workers: workers) { index, scenario in
            let options = RunOptions(seed: seed, faultRate: faultRate)
            return checkDeterminism ? runTwice(scenario, options: options, slot: "run-\(index)")
                : run(scenario, options: options, slot: "run-\(index)")
        }
    }

    /// Runs `scenario` twice with the same seed and fails it when the two traces differ, naming
    /// the first line that does.
    public func runCheckingDeterminism(_ scenario: Scenario, options: RunOptions = RunOptions()) -> ScenarioResult {
        runTwice(scenario, options: options, slot: "run-determinism")
    }

    func runTwice(_ scenario: Scenario, options: RunOptions, slot: String) -> ScenarioResult {
        let first = runKeepingTrace(scenario, options: options, slot: slot)
        let second = runKeepingTrace(scenario, options: options, slot: slot)
        guard first.result.traceDigest != second.result.traceDigest || first.result.failure != second.result.failure else {
            return first.result
        }
        let line = zip(first.trace, second.trace).enumerated().first { $0.element.0.line != $0.element.1.line }?.offset
            ?? min(first.trace.count, second.trace.count)
        let failure = ScenarioFailure(
            command: "checkDeterminism", location: SourceLocation.start(of: scenario.relativePath).description,
            message: "two runs with seed \(first.result.seed) differ: trace digest \(first.result.traceDigest) then "
                + "\(second.result.traceDigest), first at trace line \(line + 1); something reads the host's clock, "
                + "randomness or hash order",
            expected: first.trace.indices.contains(line) ? first.trace[line].line : "the end of the trace",
            actual: second.trace.indices.contains(line) ? second.trace[line].line : "the end of the trace",
            traceTail: second.trace.prefix(line + 1).suffix(ScenarioFailure.traceTailLength).map(\.line))
        return first.result.replacingFailure(first.result.failure ?? failure)
    }
}

extension ScenarioResult {
    /// The same result with another failure.
    func replacingFailure(_ failure: ScenarioFailure) -> ScenarioResult {
        ScenarioResult(relativePath: relativePath, file: file, name: name, tags: tags, seed: seed, seedSource: seedSource,
                       commands: commands, failure: failure, virtualNanoseconds: virtualNanoseconds,
                       hostNanoseconds: hostNanoseconds, traceDigest: traceDigest, traceLineCount: traceLineCount,
                       screenshots: screenshots, images: images, faultRate: faultRate, replayProgram: replayProgram)
    }
}

/// Maps items on a fixed number of threads, keeping the input order.
enum ParallelMap {
    /// `transform` of every item, on `workers` threads (at least 1, at most one per item).
    static func map<Item: Sendable, Output: Sendable>(_ items: [Item], workers: Int,
                                                      _ transform: @escaping @Sendable (Int, Item) -> Output) -> [Output] {
        let state = SharedState<Output>(count: items.count)
        let threadCount = max(1, min(workers, items.count))
        let done = DispatchGroup()
        for _ in 0..<threadCount {
            done.enter()
            let thread = Thread {
                while let index = state.claimNext() {
                    state.store(transform(index, items[index]), at: index)
                }
                done.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        done.wait()
        return state.outputs()
    }

    /// The next index to claim and the outputs so far, behind one lock.
    private final class SharedState<Output>: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private var results: [Output?]

        init(count: Int) {
            results = Array(repeating: nil, count: count)
        }

        func claimNext() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < results.count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ output: Output, at index: Int) {
            lock.lock()
            defer { lock.unlock() }
            results[index] = output
        }

        func outputs() -> [Output] {
            lock.lock()
            defer { lock.unlock() }
            return results.map { $0! }
        }
    }
}
