/// The world's notification center: closure observers that know who registered them.
///
/// Delivery is synchronous, in registration order, on the caller's thread (the item that
/// posts). Observers added while a post is being delivered do not receive it; observers removed
/// before their turn do not either. Every event is a trace line:
///
///     observer #1 added: UIApplicationDidEnterBackgroundNotification by DetailsScreen#3
///     post UIApplicationDidEnterBackgroundNotification from UIApplication
///     notification UIApplicationDidEnterBackgroundNotification -> DetailsScreen#3
///     observer #1 removed: UIApplicationDidEnterBackgroundNotification by DetailsScreen#3
///
/// ```swift
/// let token = world.observers.addObserver(forName: "UIApplicationDidReceiveMemoryWarningNotification",
///                                         registeredBy: "ImageStore") { _ in cache.removeAll() }
/// world.observers.post(name: "UIApplicationDidReceiveMemoryWarningNotification", from: "UIApplication")
/// world.observers.removeObserver(token)
/// ```
public final class ObserverRegistry {
    private struct Entry {
        let token: ObserverToken
        let handler: (WorldNotification) -> Void
    }

    /// Where events are recorded.
    public let trace: Trace
    /// Live observers in registration order.
    private var entries: [Entry] = []
    private var nextID = 1

    public init(trace: Trace) {
        self.trace = trace
    }

    /// Registers `handler` for notifications called `name`, on behalf of `registrant`.
    ///
    /// The handler is kept until the token is removed; a handler that captures its registrant
    /// strongly keeps it alive (which ``LeakTracker`` reports).
    public func addObserver(forName name: String, registeredBy registrant: String,
                            using handler: @escaping (WorldNotification) -> Void) -> ObserverToken {
        let token = ObserverToken(id: nextID, name: name, registrant: registrant)
        nextID += 1
        entries.append(Entry(token: token, handler: handler))
        trace.record(.observerAdded(token))
        return token
    }

    /// Removes an observer and releases its handler. Removing one already removed does nothing.
    public func removeObserver(_ token: ObserverToken) {
        // The handler (and what it captured) is released when `removed` goes, after the access
        // to `entries` ended, so a deinit it triggers may remove observers too.
        guard let removed = takeEntry(id: token.id) else { return }
        trace.record(.observerRemoved(removed.token))
    }

    /// Delivers a notification to every observer of `name`, in registration order.
    public func post(name: String, from sender: String) {
        trace.record(.posted(name: name, sender: sender))
        let notification = WorldNotification(name: name, sender: sender)
        for token in observers(named: name) {
            guard let entry = entries.first(where: { $0.token.id == token.id }) else { continue }
            trace.record(.notificationDelivered(name: name, registrant: token.registrant))
            entry.handler(notification)
        }
    }

    /// The live observers of `name`, in registration order.
    public func observers(named name: String) -> [ObserverToken] {
        entries.filter { $0.token.name == name }.map(\.token)
    }

    /// Every live observer, in registration order.
    public var allObservers: [ObserverToken] { entries.map(\.token) }

    /// Removes an observer and releases its handler before returning, for the leak check.
    func discardForLeakCheck(_ token: ObserverToken) {
        guard let removed = takeEntry(id: token.id) else { return }
        trace.record(.observerReleasedByLeakCheck(removed.token))
    }

    private func takeEntry(id: Int) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.token.id == id }) else { return nil }
        return entries.remove(at: index)
    }
}
