/// The bounds every world loop and queue runs under. Exceeding one is a ``WorldFailure``.
///
/// ```swift
/// let world = World(seed: 3, limits: WorldLimits(maximumItemsPerRun: 1_000))
/// ```
public struct WorldLimits: Equatable, Sendable {
    /// The most work items one settle may run: `runUntilIdle()`, or the work at one instant of
    /// an `advance` (each timer deadline reached starts a new count).
    public var maximumItemsPerRun: Int
    /// The most work items and timers that may be pending at once.
    public var maximumPendingItems: Int
    /// The most lines the trace may hold.
    public var maximumTraceLines: Int

    public init(maximumItemsPerRun: Int = 100_000, maximumPendingItems: Int = 100_000,
                maximumTraceLines: Int = 1_000_000) {
        precondition(maximumItemsPerRun > 0 && maximumPendingItems > 0 && maximumTraceLines > 0,
                     "world limits must be positive")
        self.maximumItemsPerRun = maximumItemsPerRun
        self.maximumPendingItems = maximumPendingItems
        self.maximumTraceLines = maximumTraceLines
    }
}
