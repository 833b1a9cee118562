/// A handle to one of a scheduler's queues, like a `DispatchQueue`.
///
/// Made by ``Scheduler/makeQueue(label:kind:)``; the main queue is ``Scheduler/main``. The
/// handle is a value: copy it freely; it is valid only with the scheduler that made it.
public struct WorkQueue: Hashable, Sendable, CustomStringConvertible {
    /// How a queue runs its items.
    public enum Kind: String, Sendable {
        /// One item at a time, first in, first out (the main queue, `DispatchQueue(label:)`).
        case serial
        /// Items run in an order the seed chooses, except that a barrier item runs after every
        /// item enqueued before it and before every item enqueued after it
        /// (`DispatchQueue(label:attributes: .concurrent)` with `async(flags: .barrier)`).
        case concurrent
    }

    /// The queue's name as it appears in the trace, unique within its scheduler.
    public let label: String
    /// How the queue runs its items.
    public let kind: Kind
    /// The queue's position in creation order (the main queue is 0).
    let index: Int
    /// The scheduler that made the queue.
    let owner: ObjectIdentifier

    public var description: String { label }
}
