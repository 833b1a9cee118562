extension Scheduler {
    /// Runs `body` on `queue` and waits for it, like `DispatchQueue.sync`, from inside a work item.
    ///
    /// One thread cannot block while other queues run, so the wait is played out in place:
    /// - onto a **serial** queue (or with `barrier` onto a concurrent one): the items already
    ///   pending on it run first (a concurrent queue's in the order the seed picks, barriers
    ///   respected), then `body` runs inline, traced as `sync <queue>: <label>`;
    /// - onto a **concurrent** queue without `barrier`: only the items up to its last pending
    ///   barrier run first, as Dispatch waits only for earlier barriers;
    /// - items those enqueue on the queue come after the sync block and stay pending;
    /// - onto a queue that is busy further up the calling chain (the item's own serial queue, a
    ///   concurrent queue running a barrier, or a concurrent queue with a barrier pending behind
    ///   the running item) it is a deadlock: the run fails with
    ///   ``WorldFailure/Reason/deadlock(queue:label:chain:)`` (Dispatch crashes or hangs) and this
    ///   throws that failure. A non-barrier sync onto the concurrent queue running the caller
    ///   runs `body` inline at once, as Dispatch does.
    ///
    /// Calling it outside a work item is a programmer error and traps: the world's own code
    /// (tests, the scenario runner) enqueues and drives instead.
    @discardableResult
    public func sync<Result>(on queue: WorkQueue, label: String, barrier: Bool = false,
                             _ body: () throws -> Result) throws -> Result {
        precondition(queue.owner == ObjectIdentifier(self), "queue \(queue.label) belongs to another scheduler")
        precondition(!executing.isEmpty, "sync(on:) is for work items; outside one, use async and runUntilIdle")
        try throwIfFailed()
        if let blocked = busyFrameBlocking(queue: queue, barrier: barrier) {
            if blocked {
                fail(.deadlock(queue: queue.label, label: label, chain: callingChain))
                try throwIfFailed()
            }
        } else {
            try drainBeforeSync(on: queue, barrier: barrier)
        }
        var result: Result?
        var thrown: (any Error)?
        try execute({
            do { result = try body() } catch { thrown = error }
        }, label: label, tracedAs: TraceEvent.sync, queueIndex: queue.index, isBarrier: barrier)
        if let thrown { throw thrown }
        return result!
    }

    /// Nil when `queue` is not running up the chain; else whether a sync onto it deadlocks.
    private func busyFrameBlocking(queue: WorkQueue, barrier: Bool) -> Bool? {
        let frames = executing.filter { $0.queueIndex == queue.index }
        guard !frames.isEmpty else { return nil }
        if queue.kind == .serial || barrier || frames.contains(where: \.isBarrier) { return true }
        return queues[queue.index].items.contains(where: \.isBarrier)
    }

    /// Runs the items of `queue` that a sync block enqueued now would wait for.
    private func drainBeforeSync(on queue: WorkQueue, barrier: Bool) throws(WorldFailure) {
        let items = queues[queue.index].items
        let lastAwaited = queue.kind == .serial || barrier ? items.last : items.last(where: \.isBarrier)
        guard let cutoff = lastAwaited?.sequence else { return }
        let onlyThisQueue = queue.index..<(queue.index + 1)
        while let (queueIndex, position) = chooseRunnable(in: onlyThisQueue, upToSequence: cutoff) {
            try run(queueIndex: queueIndex, position: position)
        }
    }

    /// The running item and the sync blocks it waits on, as `queue: label`, outermost first.
    private var callingChain: [String] {
        executing.map { "\(queues[$0.queueIndex].queue.label): \($0.label)" }
    }
}
