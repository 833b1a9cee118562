/// A user faster than the app's background work: steps that see the main queue's results while
/// the app's own queues wait.
extension AppHost {
    /// Runs `steps` (taps, picks ...) with the app's background queues held: each step's main-queue
    /// work runs as usual, but work the app queues on its own queues waits. When `steps` return (or
    /// throw), the held work enters its queues in the order it was queued, and the world settles,
    /// so the seed chooses how it interleaves (two conversions, a load and a save ...).
    ///
    /// A `sync` onto a queue with held work lets that queue's held work in first, as it must wait
    /// for it. Timers (`asyncAfter`) are not held. Holds do not nest.
    ///
    /// ```swift
    /// try host.holdingBackgroundWork {
    ///     try host.tap("Capture"); try host.takePhoto()
    ///     try host.tap("Capture"); try host.takePhoto()
    ///     try host.tap("Load")
    /// }   // now the two conversions and the load run, in an order the seed picks
    /// ```
    /// Throws what `steps` throw, or a ``RuntimeError`` from settling.
    public func holdingBackgroundWork(_ steps: () throws -> Void) throws {
        precondition(context.heldWork == nil, "holdingBackgroundWork does not nest")
        context.heldWork = []
        do {
            try steps()
        } catch {
            context.releaseAllHeldWork()
            throw error
        }
        context.releaseAllHeldWork()
        try settle()
    }
}
