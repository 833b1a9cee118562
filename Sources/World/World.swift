import Foundation

/// One simulated world, wired from one seed: streams, clock, trace, scheduler, observers, leaks.
///
/// The seed decides every random draw (through named ``SeedStreams``) and every interleaving the
/// ``Scheduler`` picks; the ``VirtualClock`` moves only when the scheduler advances it; and the
/// ``Trace`` records what happened, so the same seed and inputs give the same bytes.
///
/// ```swift
/// let world = World(seed: 42)
/// print("seed \(world.seed)")
/// let token = world.observers.addObserver(forName: "UIApplicationDidEnterBackgroundNotification",
///                                         registeredBy: "DetailsScreen#3") { _ in /* dismiss */ }
/// world.scheduler.async(on: world.scheduler.main, label: "enter background") {
///     world.observers.post(name: "UIApplicationDidEnterBackgroundNotification", from: "UIApplication")
/// }
/// try world.scheduler.runUntilIdle()
/// world.trace.lines.last  // "[   0.000000000] notification UIApplicationDidEnterBackgroundNotification -> DetailsScreen#3"
/// ```
public final class World {
    /// The run's seed, printed as `--seed N` when a run fails.
    public var seed: UInt64 { streams.seed }
    /// Named random streams derived from the seed.
    public let streams: SeedStreams
    /// Virtual time.
    public let clock: VirtualClock
    /// Every observable event, stamped with virtual time.
    public let trace: Trace
    /// Queues, timers and the order of their work.
    public let scheduler: Scheduler
    /// The world's notification center.
    public let observers: ObserverRegistry
    /// Weak references to check for leaks.
    public let leakTracker: LeakTracker

    /// A world at virtual time zero under `limits`.
    public init(seed: UInt64, limits: WorldLimits = WorldLimits()) {
        streams = SeedStreams(seed: seed)
        clock = VirtualClock()
        trace = Trace(clock: clock, maximumLines: limits.maximumTraceLines)
        scheduler = Scheduler(streams: streams, clock: clock, trace: trace, limits: limits)
        observers = ObserverRegistry(trace: trace)
        leakTracker = LeakTracker(scheduler: scheduler, registry: observers)
    }

    /// Core's `WallClock` seam on this world's time, with the epoch at `epochDate`.
    public func dateClock(epochDate: Date) -> VirtualDateClock {
        VirtualDateClock(clock: clock, epochDate: epochDate)
    }
}
