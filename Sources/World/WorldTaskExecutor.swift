/// A `TaskExecutor` whose jobs become work items on one of the world's queues.
///
/// Made by ``Scheduler/startTask(on:label:_:)``, one per task; every job of the task (the start,
/// and each resumption after an `await`) is enqueued on the queue as `<label>` and runs when
/// the seed picks it, like any other item. A job enqueued from another thread, or while the
/// world is not driving, is kept aside unrun and fails the run (its timing is the host's, not
/// the seed's).
final class WorldTaskExecutor: TaskExecutor, @unchecked Sendable {
    // `@unchecked Sendable`: `TaskExecutor` requires it. `scheduler` (not thread-safe) is touched
    // only after `drivingThread` confirms the call is on the thread driving the world.
    private weak var scheduler: Scheduler?
    private let drivingThread: DrivingThread
    private let queue: WorkQueue
    private let label: String

    init(scheduler: Scheduler, queue: WorkQueue, label: String) {
        self.scheduler = scheduler
        self.drivingThread = scheduler.drivingThread
        self.queue = queue
        self.label = label
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unownedJob = UnownedJob(job)
        guard drivingThread.isCurrentThreadDriving, let scheduler else {
            let detail = "a job of task \(label) was resumed outside the drive "
                + "(from another thread, or while the world was not running)"
            drivingThread.noteForeignWork(detail, job: unownedJob)
            return
        }
        let executor = asUnownedTaskExecutor()
        scheduler.async(on: queue, label: label) {
            unownedJob.runSynchronously(on: executor)
        }
    }
}
