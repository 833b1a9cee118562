import Core
import Simulator

/// `injectFault`'s argument: the `nth` operation of a kind (from this step on, among those on a
/// path matching `path`, relative to the app's container) fails with `kind`.
public struct FaultInjection: Hashable, Sendable {
    public let kind: FaultKind
    public let operation: FaultOperation
    public let nth: Int
    /// An `fnmatch` pattern (`Documents/*`); nil for any path.
    public let path: String?

    public init(kind: FaultKind, operation: FaultOperation = .write, nth: Int = 1, path: String? = nil) {
        self.kind = kind
        self.operation = operation
        self.nth = nth
        self.path = path
    }

    /// The runtime's rule.
    var rule: FaultRule {
        FaultRule(kind: kind, operation: operation, nth: nth, pathPattern: path)
    }
}

/// `killAtTraceEvent`'s argument: right after trace line `after`, or at the first line (from
/// this step on) containing a text.
public enum TraceEventKill: Hashable, Sendable {
    case after(Int)
    case containing(String)
}
