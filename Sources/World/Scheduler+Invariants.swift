extension Scheduler {
    /// Traps when the scheduler's bookkeeping is inconsistent. Cheap enough for every test step;
    /// call it between drive calls (not from inside a work item).
    ///
    /// Checks: queues sit at their own index; each queue's items are in increasing sequence
    /// order; timers are sorted by (deadline, sequence) and none is due (time only moves in
    /// `advance`, which enqueues due timers at once); the pending count matches the items and
    /// timers held and is within its bound; nothing is executing outside a drive call.
    public func checkInvariants() {
        precondition(!isDriving && executing.isEmpty, "checkInvariants runs between steps, not inside a work item")
        var itemCount = 0
        for (index, state) in queues.enumerated() {
            precondition(state.queue.index == index, "queue \(state.queue.label) sits at \(index), not \(state.queue.index)")
            precondition(zip(state.items, state.items.dropFirst()).allSatisfy { $0.sequence < $1.sequence },
                         "items of \(state.queue.label) are out of enqueue order")
            itemCount += state.items.count
        }
        let now = clock.now
        precondition(timers.allSatisfy { $0.deadline > now }, "a timer is due at \(now) but was not enqueued")
        precondition(zip(timers, timers.dropFirst()).allSatisfy {
            ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence)
        }, "timers are out of (deadline, sequence) order")
        precondition(timers.allSatisfy { queues.indices.contains($0.queueIndex) }, "a timer targets an unknown queue")
        precondition(pendingCount == itemCount + timers.count,
                     "pending count \(pendingCount) differs from \(itemCount) items + \(timers.count) timers")
        precondition(pendingCount <= limits.maximumPendingItems, "more items pending than the bound allows")
        precondition(nextSequence > (queues.flatMap(\.items).map(\.sequence).max() ?? -1),
                     "an item's sequence number is from the future")
    }
}
