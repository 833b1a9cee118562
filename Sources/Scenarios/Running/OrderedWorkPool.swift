import Foundation

/// Runs items on a fixed number of threads and hands their outputs on in the items' order, each
/// as soon as it and every one before it are done, holding only a bounded window of them.
///
/// A worker takes the next item only while fewer than `window` items are taken and not yet
/// handed on, so however many items there are, at most `window` outputs exist at once: a slow
/// item makes the others wait rather than pile up. One thread at a time hands outputs on, in
/// order, outside the lock; `deliver` returning false stops the pool taking new items.
///
/// ```swift
/// let statistics = OrderedWorkPool.run(workers: 2, window: 4, next: { source.next() },
///                                      transform: { index, job in run(job) },
///                                      deliver: { output, index in print(output); return true })
/// ```
final class OrderedWorkPool<Item, Output>: @unchecked Sendable {
    /// What a pool did: how many outputs it handed on and the most it held at once.
    struct Statistics: Equatable {
        /// Outputs handed to `deliver`, in order from index 0.
        var delivered = 0
        /// The most items taken and not yet handed on at one time (running, or done and waiting
        /// for an earlier one): never more than the window.
        var peakHeld = 0
        /// Whether `deliver` asked to stop before every item was taken.
        var stopped = false
    }

    private let condition = NSCondition()
    private let window: Int
    private let nextItem: () -> Item?
    private let transform: (Int, Item) -> Output
    private let deliver: (Output, Int) -> Bool
    private var taken = 0
    private var exhausted = false
    private var pending: [Int: Output] = [:]
    private var delivering = false
    private var statistics = Statistics()

    private init(window: Int, next: @escaping () -> Item?, transform: @escaping (Int, Item) -> Output,
                 deliver: @escaping (Output, Int) -> Bool) {
        self.window = window
        self.nextItem = next
        self.transform = transform
        self.deliver = deliver
    }

    /// Runs every item `next` gives (called under the pool's lock, one call at a time, in order)
    /// through `transform` on `workers` threads (at least 1), handing each output to `deliver`
    /// with its index, in order; returns once every taken item is handed on.
    static func run(workers: Int, window: Int, next: @escaping () -> Item?,
                    transform: @escaping (Int, Item) -> Output,
                    deliver: @escaping (Output, Int) -> Bool) -> Statistics {
        precondition(window >= 1, "a pool holds at least one output")
        let pool = OrderedWorkPool(window: window, next: next, transform: transform, deliver: deliver)
        let done = DispatchGroup()
        for _ in 0..<max(1, workers) {
            done.enter()
            let thread = Thread {
                while let (index, item) = pool.take() { pool.complete(index, pool.transform(index, item)) }
                done.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        done.wait()
        return pool.statistics
    }

    /// The next item and its index, waiting while the window is full; nil when there are no more
    /// or the pool stopped.
    private func take() -> (Int, Item)? {
        condition.lock()
        defer { condition.unlock() }
        while !exhausted && !statistics.stopped && taken - statistics.delivered >= window { condition.wait() }
        guard !exhausted, !statistics.stopped, let item = nextItem() else {
            exhausted = true
            condition.broadcast()
            return nil
        }
        taken += 1
        statistics.peakHeld = max(statistics.peakHeld, taken - statistics.delivered)
        return (taken - 1, item)
    }

    /// Keeps `output` until every earlier one is handed on; the thread that finds the next one
    /// in order hands on all it can, without holding the lock while `deliver` runs.
    private func complete(_ index: Int, _ output: Output) {
        condition.lock()
        pending[index] = output
        guard !delivering else { return condition.unlock() }
        delivering = true
        while let next = pending.removeValue(forKey: statistics.delivered) {
            let number = statistics.delivered
            condition.unlock()
            let goOn = deliver(next, number)
            condition.lock()
            statistics.delivered += 1
            if !goOn { statistics.stopped = true }
            condition.broadcast()
        }
        delivering = false
        condition.unlock()
    }
}
