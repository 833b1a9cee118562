extension Scheduler {
    /// Starts an async task whose code runs as work items on `queue`, deterministically.
    ///
    /// The task prefers a ``WorldTaskExecutor``: its start and every resumption become items
    /// labelled `label` on `queue`, interleaved with other work by the seed. Await
    /// ``VirtualClock/sleep(until:tolerance:)`` (or `clock.sleep(for:)`) to wait in virtual time.
    ///
    /// Rules, because the world runs on one thread:
    /// - the task runs only while the world is driven (`runUntilIdle`, `advance`);
    /// - it may call nonisolated async functions and default actors (they run on the task's
    ///   executor); it must not hop to `MainActor` or other executors, nor use `Task.sleep` or
    ///   host I/O that resumes from another thread: such a resumption is kept unrun and fails the
    ///   run with ``WorldFailure/Reason/foreignThread(detail:)``;
    /// - `body` must not be isolated to an actor (write it in nonisolated code).
    ///
    /// ```swift
    /// scheduler.startTask(on: scheduler.main, label: "poll") {
    ///     try? await clock.sleep(until: .epoch.advanced(by: .seconds(1)))
    ///     done = true
    /// }
    /// try scheduler.advance(by: .seconds(1))   // done == true
    /// ```
    @discardableResult
    public func startTask(on queue: WorkQueue, label: String,
                          _ body: @escaping () async -> Void) -> Task<Void, Never> {
        precondition(queue.owner == ObjectIdentifier(self), "queue \(queue.label) belongs to another scheduler")
        let executor = WorldTaskExecutor(scheduler: self, queue: queue, label: label)
        // Sound because every job of the task runs on the driving thread (foreign resumptions
        // are refused), so `body` and what it captures are never used from two threads at once.
        nonisolated(unsafe) let operation = body
        drivingThread.begin()
        defer { drivingThread.end() }
        return Task(executorPreference: executor) {
            await operation()
        }
    }

    /// Suspends the current world task until `deadline`, for ``VirtualClock/sleep(until:tolerance:)``.
    func suspendCurrentTask(until deadline: VirtualInstant) async throws {
        guard drivingThread.isCurrentThreadDriving, let frame = executing.last else {
            throw WorldFailure(reason: .foreignThread(detail: "VirtualClock.sleep outside a task started by startTask"),
                               seed: seed, time: clock.now)
        }
        let wake = SleepWake(scheduler: self, queue: queues[frame.queueIndex].queue, label: frame.label)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                wake.continuation = continuation
                asyncAfter(deadline: deadline, on: wake.queue, label: "wake \(frame.label)") { wake.resume(throwing: nil) }
            }
        } onCancel: {
            wake.cancel()
        }
    }
}
