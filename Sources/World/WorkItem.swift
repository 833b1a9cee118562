/// One block of work waiting in a queue: a synchronous closure that runs to completion.
struct WorkItem {
    /// Increasing in the order items entered their queues (a timer's item is numbered when it
    /// falls due), so a queue's items are always in sequence order.
    let sequence: Int
    /// The name in the trace.
    let label: String
    /// On a concurrent queue: wait for everything before, hold back everything after.
    let isBarrier: Bool
    let body: () throws -> Void
}

/// A work item that enters its queue when the virtual clock reaches `deadline`.
struct PendingTimer {
    let deadline: VirtualInstant
    /// Order among timers: ties on the deadline fall due in the order they were scheduled.
    let sequence: Int
    let queueIndex: Int
    let label: String
    let isBarrier: Bool
    let body: () throws -> Void
}

/// A queue's pending items, oldest first.
struct QueueState {
    let queue: WorkQueue
    var items: [WorkItem] = []

    /// The positions in `items` that may run now: the head of a serial queue; on a concurrent
    /// queue a barrier at the head alone, else every item before the first barrier.
    var runnablePrefixCount: Int {
        guard let first = items.first else { return 0 }
        if queue.kind == .serial || first.isBarrier { return 1 }
        return items.firstIndex(where: \.isBarrier) ?? items.count
    }
}

/// A work item that is running, as seen from inside it (sync calls nest frames).
struct ExecutionFrame {
    let queueIndex: Int
    let label: String
    let isBarrier: Bool
}
