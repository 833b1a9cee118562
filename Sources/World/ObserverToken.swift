/// One registered observer: pass it to ``ObserverRegistry/removeObserver(_:)`` to stop it.
///
/// Carries who registered it, so a leak report can say which observer keeps an object alive.
public struct ObserverToken: Hashable, Sendable, CustomStringConvertible {
    /// Unique within its registry, counting from 1 in registration order.
    public let id: Int
    /// The notification name observed.
    public let name: String
    /// Who registered the observer, e.g. `DetailsScreen#3`.
    public let registrant: String

    /// `observer #4 for <name> registered by <registrant>`.
    public var description: String {
        "observer #\(id) for \(name) registered by \(registrant)"
    }
}

/// A notification as an observer receives it.
public struct WorldNotification: Equatable, Sendable {
    /// iOS's raw name, e.g. `UIApplicationDidEnterBackgroundNotification`.
    public let name: String
    /// Who posted it, e.g. `UIApplication`.
    public let sender: String
}
