import Foundation

/// Work the SDK does on a background queue of its own, as Apple's frameworks do (an item
/// provider's load, a photo request): the blocks run in the order they were asked for, one at a
/// time, on a thread other than the main thread, once the main queue is idle, while the main
/// thread waits (``drain()``). So a step does not settle until they have run, and what they hand
/// to the main queue is part of the same step. In the world (docs/determinism.md) the queue and
/// the wait are the world's scheduler's, so the app's own background blocks may run between
/// them in the seed's order; without it nothing of the app's runs beside them.
package enum SDKWork {
    private static let queue = DispatchQueue(label: "photosim.sdk-work")
    private static let lock = NSLock()
    nonisolated(unsafe) private static var waiting: [() -> Void] = []

    /// Runs `work` on the SDK's background queue once the main thread is idle.
    package static func async(_ work: @escaping () -> Void) {
        lock.lock()
        waiting.append(work)
        lock.unlock()
    }

    /// Runs the SDK's waiting background work, and what it asks for in turn, one block at a
    /// time on the background queue; returns whether there was any.
    static func drain() -> Bool {
        var ran = false
        while let block = next() {
            ran = true
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) let work = block
            queue.async {
                work()
                done.signal()
            }
            // No timeout of its own: the simulator bounds the whole step it waits for.
            done.wait()
        }
        return ran
    }

    private static func next() -> (() -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        return waiting.isEmpty ? nil : waiting.removeFirst()
    }
}
