/// Why a world run stopped: a bound was exceeded, a deadlock, a work item threw, or work came
/// from outside the world. Every failure names the seed, so the run can be replayed.
///
/// Once a ``Scheduler`` fails it stays failed: every later `runUntilIdle()`/`advance` throws the
/// same failure, so app code that swallows an error cannot hide it.
///
/// ```swift
/// do { try world.scheduler.runUntilIdle() }
/// catch { print(error) }  // "... at virtual time 0.000000000 s; reproduce with --seed 42"
/// ```
public struct WorldFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// More than `limit` work items ran before the queues went idle (a loop that keeps
        /// enqueueing work). `queue` and `label` name the item that would have run next.
        case itemLimitExceeded(limit: Int, queue: String, label: String)
        /// More than `limit` work items and timers were pending at once; the item was dropped.
        case pendingLimitExceeded(limit: Int, queue: String, label: String)
        /// The trace reached its maximum number of lines.
        case traceLimitExceeded(limit: Int)
        /// `sync` onto a queue that could never run the block: the queue is busy further up the
        /// calling chain (Dispatch crashes or hangs here).
        case deadlock(queue: String, label: String, chain: [String])
        /// A work item threw an error it did not handle.
        case workItemThrew(queue: String, label: String, message: String)
        /// Work reached the world from another thread (a hop to `MainActor`, `Task.sleep`, a
        /// `Task` started outside ``Scheduler/startTask(on:label:_:)``), or a world-only call
        /// was made from outside the world. Its timing is not the seed's to choose.
        case foreignThread(detail: String)
    }

    /// What went wrong.
    public let reason: Reason
    /// The seed of the run, for `--seed N`.
    public let seed: UInt64
    /// The virtual time at which the run stopped.
    public let time: VirtualInstant

    public init(reason: Reason, seed: UInt64, time: VirtualInstant) {
        self.reason = reason
        self.seed = seed
        self.time = time
    }

    public var description: String {
        "\(reasonText) at virtual time \(time) s; reproduce with --seed \(seed)"
    }

    private var reasonText: String {
        switch reason {
        case .itemLimitExceeded(let limit, let queue, let label):
            return "more than \(limit) work items ran without the queues going idle (next: \(queue): \(label)); "
                + "look for work that keeps enqueueing work, or raise WorldLimits.maximumItemsPerRun"
        case .pendingLimitExceeded(let limit, let queue, let label):
            return "more than \(limit) work items and timers were pending when \(queue): \(label) was enqueued; "
                + "raise WorldLimits.maximumPendingItems if that many is intended"
        case .traceLimitExceeded(let limit):
            return "the trace reached its limit of \(limit) lines; raise WorldLimits.maximumTraceLines"
        case .deadlock(let queue, let label, let chain):
            return "deadlock: sync \(queue): \(label) waits for a queue that is busy in "
                + "[\(chain.joined(separator: " -> "))]; Dispatch would crash or hang here"
        case .workItemThrew(let queue, let label, let message):
            return "work item \(queue): \(label) threw: \(message)"
        case .foreignThread(let detail):
            return "work from outside the world: \(detail); keep async code on the world's executor"
        }
    }
}
