import Synchronization

/// The world's clock: a `Swift.Clock` whose time moves only when the world advances it.
///
/// It never reads the host's time and never sleeps on the host. ``Scheduler/advance(by:)`` and
/// ``Scheduler/advance(to:)`` are the only ways to move it (the move itself is internal to the
/// simulator), running the timers that fall due on the way.
///
/// `sleep(until:tolerance:)` suspends the calling task until the world reaches the deadline; it
/// works only inside a task started with ``Scheduler/startTask(on:label:_:)`` (see that method for
/// the rules), and throws a ``WorldFailure`` anywhere else.
///
/// ```swift
/// let world = World(seed: 7)
/// world.clock.now                           // VirtualInstant.epoch
/// try world.scheduler.advance(by: .seconds(2))
/// world.clock.now.nanosecondsSinceEpoch     // 2_000_000_000
/// ```
public final class VirtualClock: Swift.Clock, @unchecked Sendable {
    // `@unchecked Sendable`: `Swift.Clock` requires `Sendable`. The time is an atomic, so reading
    // `now` is safe anywhere; `scheduler` is set once, when a scheduler adopts the clock, before
    // any task can reach the clock, and weak references are loaded atomically by the runtime.
    public typealias Instant = VirtualInstant

    private let nanosecondsSinceEpoch: Atomic<Int64>
    /// The scheduler that owns this clock, set by ``Scheduler/init(streams:clock:trace:limits:)``.
    weak var scheduler: Scheduler?

    /// A clock standing at `start` (the epoch unless told otherwise).
    public init(start: VirtualInstant = .epoch) {
        nanosecondsSinceEpoch = Atomic(start.nanosecondsSinceEpoch)
    }

    /// The current virtual instant.
    public var now: VirtualInstant {
        VirtualInstant(nanosecondsSinceEpoch: nanosecondsSinceEpoch.load(ordering: .acquiring))
    }

    /// One nanosecond: virtual time is kept in whole nanoseconds.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Suspends the current world task until the world's time reaches `deadline`.
    ///
    /// Returns at once when the deadline has passed. Throws `CancellationError` when the task is
    /// cancelled, and a ``WorldFailure`` when called outside a task the world runs.
    public func sleep(until deadline: VirtualInstant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        if deadline <= now { return }
        guard let scheduler else {
            throw WorldFailure(reason: .foreignThread(detail: "VirtualClock.sleep on a clock no scheduler owns"),
                               seed: 0, time: now)
        }
        try await scheduler.suspendCurrentTask(until: deadline)
    }

    /// Moves the time to `instant`. Only the scheduler calls this; moving backwards traps.
    func advance(to instant: VirtualInstant) {
        let current = now
        precondition(instant >= current, "virtual time cannot move backwards (from \(current) to \(instant))")
        nanosecondsSinceEpoch.store(instant.nanosecondsSinceEpoch, ordering: .releasing)
    }
}
