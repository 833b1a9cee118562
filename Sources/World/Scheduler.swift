import Core

/// The world's single-threaded, deterministic stand-in for Dispatch.
///
/// Queues (``main``, serial and concurrent ones from ``makeQueue(label:kind:)``) hold work
/// items: synchronous closures that run to completion, one at a time, on the thread that drives
/// the world. "Concurrency" is the order in which they run: whenever more than one item could run
/// (the heads of different queues, or the non-barrier items of a concurrent queue), the
/// `"scheduler"` seed stream chooses. Serial queues stay first in, first out; a barrier runs after
/// every item enqueued before it on its queue and before any enqueued after it. Timers
/// (``asyncAfter(deadline:on:label:barrier:_:)``) enter their queue when virtual time reaches
/// their deadline; time moves only in ``advance(by:)`` and ``advance(to:)``.
///
/// Every item that runs is written to the trace as `run <queue>: <label>` (with ` [barrier]` after the queue
/// for barriers, `sync` for ``sync(on:label:barrier:_:)`` blocks), so interleavings are visible.
/// Every loop is bounded by ``WorldLimits``; a run that exceeds a bound, deadlocks or lets an
/// error escape a work item stops with a ``WorldFailure`` naming the seed, and stays failed.
///
/// ```swift
/// let world = World(seed: 42)
/// let scheduler = world.scheduler
/// let io = scheduler.makeQueue(label: "io", kind: .concurrent)
/// scheduler.async(on: io, label: "read A") { /* ... */ }
/// scheduler.async(on: io, label: "read B") { /* ... */ }
/// scheduler.async(on: io, label: "write", barrier: true) { /* after both reads */ }
/// scheduler.asyncAfter(delay: .seconds(1), on: scheduler.main, label: "refresh") { /* ... */ }
/// try scheduler.runUntilIdle()           // the reads (in a seed-chosen order), then the write
/// try scheduler.advance(by: .seconds(1)) // the refresh
/// ```
public final class Scheduler {
    /// The virtual clock this scheduler moves.
    public let clock: VirtualClock
    /// Where every item that runs is recorded.
    public let trace: Trace
    /// The run's seed, named in every failure.
    public let seed: UInt64
    /// The bounds this scheduler runs under.
    public let limits: WorldLimits
    /// The failure that stopped the run, if any; once set, every drive call throws it.
    public internal(set) var failure: WorldFailure?

    /// Chooses among runnable items.
    let random: SplitMix64
    var queues: [QueueState] = []
    /// Sorted by (deadline, sequence).
    var timers: [PendingTimer] = []
    var nextSequence = 0
    /// Work items and timers not yet run.
    var pendingCount = 0
    /// The running item, and the `sync` blocks it waits on, innermost last.
    var executing: [ExecutionFrame] = []
    /// True inside `runUntilIdle` and `advance`.
    public internal(set) var isDriving = false
    /// Items run in the current settle, against `limits.maximumItemsPerRun`.
    var itemsRunInSettle = 0
    /// Items run in the current drive call, returned by `runUntilIdle`.
    var itemsRunInDrive = 0
    /// Which thread drives the world; task executors check it.
    let drivingThread = DrivingThread()

    /// A scheduler on `clock` that records to `trace` and draws from the `"scheduler"` stream.
    ///
    /// The trace must stamp with the same clock, and a clock serves one scheduler; both are
    /// programmer errors that trap. ``World`` wires all of this for you.
    public init(streams: SeedStreams, clock: VirtualClock, trace: Trace, limits: WorldLimits = WorldLimits()) {
        precondition(trace.clock === clock, "the trace must stamp lines with the scheduler's clock")
        precondition(clock.scheduler == nil, "this clock already belongs to another scheduler")
        self.clock = clock
        self.trace = trace
        self.seed = streams.seed
        self.limits = limits
        self.random = streams.stream("scheduler")
        clock.scheduler = self
        _ = makeQueue(label: "main", kind: .serial)
    }

    /// The main queue (serial), label `main`.
    public var main: WorkQueue { queues[0].queue }

    /// A new queue. Labels are unique within a scheduler (a duplicate traps), so the trace
    /// names each queue unambiguously.
    public func makeQueue(label: String, kind: WorkQueue.Kind) -> WorkQueue {
        precondition(!label.isEmpty, "a queue needs a label")
        precondition(!queues.contains { $0.queue.label == label }, "a queue labelled \(label) already exists")
        let queue = WorkQueue(label: label, kind: kind, index: queues.count, owner: ObjectIdentifier(self))
        queues.append(QueueState(queue: queue))
        return queue
    }

    /// Enqueues `body` on `queue`, like `DispatchQueue.async`. `barrier` matters only on a
    /// concurrent queue (`async(flags: .barrier)`).
    public func async(on queue: WorkQueue, label: String, barrier: Bool = false,
                      _ body: @escaping () throws -> Void) {
        checkOwnership(queue)
        guard admitPending(queue: queue, label: label) else { return }
        append(WorkItem(sequence: takeSequence(), label: label, isBarrier: barrier, body: body), to: queue.index)
    }

    /// Enqueues `body` on `queue` when virtual time reaches `deadline`, like
    /// `DispatchQueue.asyncAfter(deadline:)`. A deadline already reached enqueues at once.
    public func asyncAfter(deadline: VirtualInstant, on queue: WorkQueue, label: String, barrier: Bool = false,
                           _ body: @escaping () throws -> Void) {
        if deadline <= clock.now { return async(on: queue, label: label, barrier: barrier, body) }
        checkOwnership(queue)
        guard admitPending(queue: queue, label: label) else { return }
        let timer = PendingTimer(deadline: deadline, sequence: takeSequence(), queueIndex: queue.index,
                                 label: label, isBarrier: barrier, body: body)
        let position = timers.partitioningIndex { $0.deadline > deadline }
        timers.insert(timer, at: position)
    }

    /// Enqueues `body` on `queue` after `delay` of virtual time.
    public func asyncAfter(delay: Duration, on queue: WorkQueue, label: String, barrier: Bool = false,
                           _ body: @escaping () throws -> Void) {
        precondition(delay >= .zero, "a delay cannot be negative, got \(delay)")
        asyncAfter(deadline: clock.now.advanced(by: delay), on: queue, label: label, barrier: barrier, body)
    }

    /// True when no work item is waiting in any queue (timers not yet due may remain).
    public var isIdle: Bool { queues.allSatisfy { $0.items.isEmpty } }

    /// How many timers have not fallen due yet.
    public var pendingTimerCount: Int { timers.count }

    /// The deadline of the next timer, if any.
    public var nextTimerDeadline: VirtualInstant? { timers.first?.deadline }

    // MARK: - Bookkeeping

    func takeSequence() -> Int {
        defer { nextSequence += 1 }
        return nextSequence
    }

    func append(_ item: WorkItem, to queueIndex: Int) {
        queues[queueIndex].items.append(item)
    }

    /// Counts one more pending item, or fails the run when that would pass the bound.
    private func admitPending(queue: WorkQueue, label: String) -> Bool {
        guard pendingCount < limits.maximumPendingItems else {
            fail(.pendingLimitExceeded(limit: limits.maximumPendingItems, queue: queue.label, label: label))
            return false
        }
        pendingCount += 1
        return true
    }

    private func checkOwnership(_ queue: WorkQueue) {
        precondition(queue.owner == ObjectIdentifier(self), "queue \(queue.label) belongs to another scheduler")
    }

    /// Records the first failure of the run; later ones are consequences and are dropped.
    func fail(_ reason: WorldFailure.Reason) {
        if failure == nil { failure = WorldFailure(reason: reason, seed: seed, time: clock.now) }
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, for an array where every element
    /// that satisfies it comes after every one that does not (binary search).
    func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
