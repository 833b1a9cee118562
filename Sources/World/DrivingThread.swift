import Foundation
import Synchronization

/// Which thread is driving the world right now, and any work that arrived from another one.
///
/// Task executors may be called on any thread; only calls on the driving thread, while it
/// drives, are the world's own. Anything else is noted here (never run) and the scheduler fails
/// the run at its next step.
final class DrivingThread: Sendable {
    private struct State {
        var thread: pthread_t?
        var depth = 0
        var foreignWorkDetail: String?
        /// Jobs that arrived from another thread, kept (never run) so they are not lost.
        var foreignJobs: [UnownedJob] = []
    }

    private let state = Mutex(State())

    /// Marks the calling thread as driving (calls nest).
    func begin() {
        let current = pthread_self()
        state.withLock { state in
            if let thread = state.thread {
                precondition(pthread_equal(thread, current) != 0, "two threads are driving one world at once")
            }
            state.thread = current
            state.depth += 1
        }
    }

    /// Ends the innermost ``begin()``.
    func end() {
        state.withLock { state in
            state.depth -= 1
            if state.depth == 0 { state.thread = nil }
        }
    }

    /// True on the driving thread while it drives.
    var isCurrentThreadDriving: Bool {
        let current = pthread_self()
        return state.withLock { state in state.thread.map { pthread_equal($0, current) != 0 } ?? false }
    }

    /// Notes work that arrived from outside the world; the first note is kept.
    func noteForeignWork(_ detail: String, job: UnownedJob? = nil) {
        state.withLock { state in
            if state.foreignWorkDetail == nil { state.foreignWorkDetail = detail }
            if let job { state.foreignJobs.append(job) }
        }
    }

    /// The first foreign work noted, if any.
    var foreignWorkDetail: String? {
        state.withLock { $0.foreignWorkDetail }
    }
}
