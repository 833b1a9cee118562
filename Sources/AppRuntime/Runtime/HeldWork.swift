import World

/// One item an app queued on a background queue while the driver held background work: it
/// enters its queue, in the original order, when the hold ends.
struct HeldWork {
    let queue: WorkQueue
    let label: String
    let isBarrier: Bool
    let body: () throws -> Void
}

extension HostContext {
    /// Keeps `body` aside when background work is held and `queue` is not the main queue;
    /// returns whether it did.
    func hold(_ body: @escaping () throws -> Void, on queue: WorkQueue, label: String, barrier: Bool) -> Bool {
        guard heldWork != nil, queue != world.scheduler.main else { return false }
        heldWork?.append(HeldWork(queue: queue, label: label, isBarrier: barrier, body: body))
        return true
    }

    /// Puts the held items of `queue` into it (before a `sync` onto it, which must wait for them).
    func releaseHeldWork(on queue: WorkQueue) {
        guard let held = heldWork, held.contains(where: { $0.queue == queue }) else { return }
        heldWork = held.filter { $0.queue != queue }
        enqueue(held.filter { $0.queue == queue })
    }

    /// Ends the hold: every held item enters its queue, in the order the app queued them.
    func releaseAllHeldWork() {
        let held = heldWork ?? []
        heldWork = nil
        enqueue(held)
    }

    private func enqueue(_ items: [HeldWork]) {
        for item in items {
            world.scheduler.async(on: item.queue, label: item.label, barrier: item.isBarrier, item.body)
        }
    }
}
