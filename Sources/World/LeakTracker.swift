/// Weak references to the objects a run creates, checked once their owner has closed.
///
/// `track` an object when it is made (a screen, a view model, a request), call `ownerClosed`
/// when whatever owns it is done (a dismissed screen, a terminated app), and ask `leaks()` which
/// of those objects are still alive, each with what retains it.
///
/// Finding the retainer: for each live observer in registration order, the check releases that
/// observer's handler and looks whether a leaked object's weak reference went nil (the handler
/// captured it strongly). A released handler cannot be put back (holding it to restore it would
/// keep the object alive), so **a report with leaks is terminal**: the observers it examined are
/// gone (each leaves a trace line) and the run should end with the report. When nothing leaked,
/// `leaks()` changes nothing.
///
/// ```swift
/// world.leakTracker.track(screen, kind: "screen", owner: "DetailsScreen#3")
/// // ... the screen is dismissed
/// world.leakTracker.ownerClosed("DetailsScreen#3")
/// try world.scheduler.runUntilIdle()
/// for leak in world.leakTracker.leaks() { print(leak) }
/// ```
public final class LeakTracker {
    private struct Entry {
        weak var object: AnyObject?
        let typeName: String
        let kind: String
        let owner: String
        let createdAt: VirtualInstant
        var ownerClosedAt: VirtualInstant?
    }

    private let scheduler: Scheduler
    private let registry: ObserverRegistry
    /// Tracked objects in tracking order.
    private var entries: [Entry] = []

    public init(scheduler: Scheduler, registry: ObserverRegistry) {
        precondition(registry.trace === scheduler.trace, "the registry and the scheduler must share one trace")
        self.scheduler = scheduler
        self.registry = registry
    }

    /// Starts watching `object` (weakly), owned by `owner`, created now.
    public func track(_ object: AnyObject, kind: String, owner: String) {
        let typeName = String(describing: type(of: object))
        entries.append(Entry(object: object, typeName: typeName, kind: kind, owner: owner, createdAt: scheduler.clock.now))
        scheduler.trace.record(.tracked(typeName: typeName, kind: kind, owner: owner))
        if entries.count > 4 * 1024 { entries.removeAll { $0.object == nil } }
    }

    /// Marks every object of `owner` tracked so far as expected to die from now on.
    public func ownerClosed(_ owner: String) {
        let now = scheduler.clock.now
        for index in entries.indices where entries[index].owner == owner && entries[index].ownerClosedAt == nil {
            entries[index].ownerClosedAt = now
        }
        scheduler.trace.record(.ownerClosed(owner: owner))
    }

    /// How many tracked objects are alive now.
    public var liveObjectCount: Int { entries.count { $0.object != nil } }

    /// The objects still alive after their owner closed, in tracking order, with their retainers.
    ///
    /// Call it only when the scheduler is idle and not driving (between steps): work still
    /// queued may be about to release them. Calling it otherwise is a programmer error and traps.
    /// Terminal when it finds leaks (see the type's documentation).
    public func leaks() -> [Leak] {
        precondition(!scheduler.isDriving && scheduler.isIdle,
                     "leaks() needs an idle world: run the scheduler until idle first")
        let leaked = entries.indices.filter { entries[$0].ownerClosedAt != nil && entries[$0].object != nil }
        guard !leaked.isEmpty else { return [] }
        var retainers: [Int: ObserverToken] = [:]
        for token in registry.allObservers {
            if leaked.allSatisfy({ retainers[$0] != nil }) { break }
            registry.discardForLeakCheck(token)
            for index in leaked where retainers[index] == nil && entries[index].object == nil {
                retainers[index] = token
            }
        }
        let report = leaked.map { leak(entries[$0], retainer: retainers[$0]) }
        for leak in report { scheduler.trace.record(.leaked(leak)) }
        return report
    }

    private func leak(_ entry: Entry, retainer: ObserverToken?) -> Leak {
        Leak(typeName: entry.typeName, kind: entry.kind, owner: entry.owner, createdAt: entry.createdAt,
             ownerClosedAt: entry.ownerClosedAt ?? entry.createdAt, retainer: retainer)
    }
}
