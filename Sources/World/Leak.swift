/// An object that outlived its owner, as ``LeakTracker/leaks()`` reports it.
public struct Leak: Equatable, Sendable, CustomStringConvertible {
    /// The object's Swift type name, e.g. `DetailsScreen`.
    public let typeName: String
    /// What the object is to the app, e.g. `screen`.
    public let kind: String
    /// The owner that closed, e.g. `DetailsScreen#3` or `app`.
    public let owner: String
    /// When the object was tracked (created).
    public let createdAt: VirtualInstant
    /// When its owner closed, after which it should have died.
    public let ownerClosedAt: VirtualInstant
    /// The observer whose handler kept it alive, or nil when releasing every observer did not
    /// free it (something else holds it: a queue, a cache, a cycle).
    public let retainer: ObserverToken?

    public var description: String {
        "\(typeName) (\(kind)) created at \(createdAt) s is alive after \(owner) closed at \(ownerClosedAt) s; "
            + "retained by \(retainer?.description ?? "something other than an observer")"
    }
}
