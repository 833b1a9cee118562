/// The one-time wake-up of a task sleeping on the ``VirtualClock``: by its timer, or by
/// cancellation, whichever comes first.
final class SleepWake: @unchecked Sendable {
    // `@unchecked Sendable`: the cancellation handler must be `@Sendable`. Every field is used
    // only on the driving thread; `cancel()` from any other thread touches only `drivingThread`.
    var continuation: CheckedContinuation<Void, any Error>?
    private weak var scheduler: Scheduler?
    private let drivingThread: DrivingThread
    let queue: WorkQueue
    private let label: String

    init(scheduler: Scheduler, queue: WorkQueue, label: String) {
        self.scheduler = scheduler
        self.drivingThread = scheduler.drivingThread
        self.queue = queue
        self.label = label
    }

    /// Resumes the sleeping task, once; later calls do nothing.
    func resume(throwing error: (any Error)?) {
        guard let continuation else { return }
        self.continuation = nil
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }

    /// Wakes the task with `CancellationError` through a work item on its queue (its timer, when
    /// it falls due, then does nothing).
    func cancel() {
        guard drivingThread.isCurrentThreadDriving, let scheduler else {
            drivingThread.noteForeignWork("task \(label) was cancelled from another thread")
            return
        }
        scheduler.async(on: queue, label: "cancel \(label)") { self.resume(throwing: CancellationError()) }
    }
}
