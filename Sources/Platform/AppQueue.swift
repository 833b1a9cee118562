/// A dispatch queue as an app uses it: the main queue or one it made.
///
/// Bodies may throw an ``AppTermination`` (a crash); the host catches it at the boundary.
/// Work queued by an app that has since died never runs.
///
/// ```swift
/// let conversion = environment.makeQueue(label: "conversion", concurrent: true)
/// conversion.async("convert") { /* decode, encode */ }
/// conversion.asyncBarrier("save") { /* after every conversion before it */ }
/// ```
public protocol AppQueue: AnyObject {
    /// The label the app gave (`main` for the main queue).
    var label: String { get }
    /// `async { }`: runs `body` later, in this queue's order.
    func async(_ label: String, _ body: @escaping () throws -> Void)
    /// `async(flags: .barrier) { }`: after everything before it, before everything after it.
    func asyncBarrier(_ label: String, _ body: @escaping () throws -> Void)
    /// `asyncAfter(deadline: .now() + delay) { }`.
    func asyncAfter(delay: Duration, _ label: String, _ body: @escaping () throws -> Void)
    /// `sync { }` from inside queued work: earlier work on this queue runs first.
    func sync<Result>(_ label: String, _ body: () throws -> Result) throws -> Result
    /// `sync(flags: .barrier) { }` from inside queued work: everything earlier on this queue runs
    /// first, nothing later runs until `body` returns.
    func syncBarrier<Result>(_ label: String, _ body: () throws -> Result) throws -> Result
}
