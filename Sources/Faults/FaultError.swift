import Core

/// A fault-layer request that cannot be met.
public enum FaultError: Error, Equatable, CustomStringConvertible {
    /// No crash point has this name (scenario files are checked with a "did you mean" first).
    case unknownCrashPoint(name: String)

    public var description: String {
        switch self {
        case .unknownCrashPoint(let name):
            return "unknown crash point \"\(name)\"; the known points are FaultInjector.crashPointNames (docs/faults.md)"
        }
    }
}
