extension Scheduler {
    /// Runs work items until none is runnable; timers not yet due stay pending.
    ///
    /// Returns how many items ran. Calling it from inside a work item is a programmer error
    /// and traps (use ``sync(on:label:barrier:_:)`` to wait for another queue).
    @discardableResult
    public func runUntilIdle() throws(WorldFailure) -> Int {
        try drive { () throws(WorldFailure) in try settle() }
    }

    /// Moves virtual time forward by `duration`, running due timers and what they enqueue.
    @discardableResult
    public func advance(by duration: Duration) throws(WorldFailure) -> Int {
        precondition(duration >= .zero, "time only moves forward; asked to advance by \(duration)")
        return try advance(to: clock.now.advanced(by: duration))
    }

    /// Moves virtual time forward to `deadline`.
    ///
    /// First runs what is runnable now; then, timer deadline by timer deadline (ties in the order
    /// the timers were scheduled), sets the clock to the deadline, enqueues every timer due then
    /// and runs until idle; finally sets the clock to `deadline`. Returns how many items ran.
    @discardableResult
    public func advance(to deadline: VirtualInstant) throws(WorldFailure) -> Int {
        precondition(deadline >= clock.now, "time only moves forward; asked to go back to \(deadline)")
        return try drive { () throws(WorldFailure) in
            try settle()
            while let next = timers.first, next.deadline <= deadline {
                clock.advance(to: next.deadline)
                enqueueDueTimers()
                try settle()
            }
            clock.advance(to: deadline)
        }
    }

    // MARK: - Driving

    /// Runs `body` as the one drive call in progress, on this thread; returns items run.
    private func drive(_ body: () throws(WorldFailure) -> Void) throws(WorldFailure) -> Int {
        precondition(!isDriving && executing.isEmpty,
                     "runUntilIdle/advance called from inside a work item; use sync(on:) to wait for a queue")
        try throwIfFailed()
        isDriving = true
        itemsRunInDrive = 0
        drivingThread.begin()
        defer {
            drivingThread.end()
            isDriving = false
        }
        try body()
        return itemsRunInDrive
    }

    /// Runs runnable items, chosen by the seed, until there are none.
    private func settle() throws(WorldFailure) {
        itemsRunInSettle = 0
        try throwIfFailed()
        while let (queueIndex, position) = chooseRunnable(in: queues.indices, upToSequence: .max) {
            try run(queueIndex: queueIndex, position: position)
        }
    }

    /// Moves every timer whose deadline has come into its queue, in (deadline, sequence) order.
    private func enqueueDueTimers() {
        let now = clock.now
        let dueCount = timers.partitioningIndex { $0.deadline > now }
        for timer in timers[..<dueCount] {
            let item = WorkItem(sequence: takeSequence(), label: timer.label, isBarrier: timer.isBarrier, body: timer.body)
            append(item, to: timer.queueIndex)
        }
        timers.removeFirst(dueCount)
    }

    /// A runnable item among `queueIndices` with a sequence at most `upToSequence`, chosen by
    /// the seed when there is more than one; nil when none is runnable.
    func chooseRunnable(in queueIndices: Range<Int>, upToSequence: Int) -> (queueIndex: Int, position: Int)? {
        var total = 0
        for index in queueIndices { total += runnableCount(queueIndex: index, upToSequence: upToSequence) }
        guard total > 0 else { return nil }
        var choice = total == 1 ? 0 : Int(random.next(below: UInt64(total)))
        for index in queueIndices {
            let count = runnableCount(queueIndex: index, upToSequence: upToSequence)
            if choice < count { return (index, choice) }
            choice -= count
        }
        preconditionFailure("the choice \(choice) fell outside \(total) runnable items")
    }

    private func runnableCount(queueIndex: Int, upToSequence: Int) -> Int {
        let state = queues[queueIndex]
        let prefix = state.runnablePrefixCount
        if upToSequence == .max { return prefix }
        return state.items[..<prefix].prefix { $0.sequence <= upToSequence }.count
    }

    /// Removes the item at `position` of a queue and runs it, within the item budget.
    func run(queueIndex: Int, position: Int) throws(WorldFailure) {
        let item = queues[queueIndex].items[position]
        if itemsRunInSettle >= limits.maximumItemsPerRun {
            fail(.itemLimitExceeded(limit: limits.maximumItemsPerRun, queue: queues[queueIndex].queue.label,
                                    label: item.label))
            try throwIfFailed()
        }
        queues[queueIndex].items.remove(at: position)
        pendingCount -= 1
        try execute(item.body, label: item.label, tracedAs: TraceEvent.run, queueIndex: queueIndex, isBarrier: item.isBarrier)
    }

    /// Runs `body` as an item of a queue: traced (`tracedAs` is ``TraceEvent/run(queue:label:isBarrier:)``
    /// or ``TraceEvent/sync(queue:label:isBarrier:)``), framed for `sync`, errors turned into failures.
    func execute(_ body: () throws -> Void, label: String,
                 tracedAs event: (_ queue: String, _ label: String, _ isBarrier: Bool) -> TraceEvent,
                 queueIndex: Int, isBarrier: Bool) throws(WorldFailure) {
        trace.record(event(queues[queueIndex].queue.label, label, isBarrier))
        executing.append(ExecutionFrame(queueIndex: queueIndex, label: label, isBarrier: isBarrier))
        defer { executing.removeLast() }
        do {
            try body()
        } catch let failure as WorldFailure {
            if self.failure == nil { self.failure = failure }
        } catch {
            fail(.workItemThrew(queue: queues[queueIndex].queue.label, label: label, message: "\(error)"))
        }
        itemsRunInSettle += 1
        itemsRunInDrive += 1
        try throwIfFailed()
    }

    /// Throws the run's failure, first noticing an overflowing trace or foreign work.
    func throwIfFailed() throws(WorldFailure) {
        if failure == nil && trace.isOverflowed { fail(.traceLimitExceeded(limit: trace.maximumLines)) }
        if failure == nil, let detail = drivingThread.foreignWorkDetail { fail(.foreignThread(detail: detail)) }
        if let failure { throw failure }
    }
}
