import Platform

/// Where an app's process is in its life.
public enum AppRunState: Equatable, CustomStringConvertible {
    case notRunning
    /// Frontmost and receiving events.
    case active
    /// Frontmost but not receiving events (between resign and background, or launching).
    case inactive
    case background
    /// Ended gracefully (`willTerminate` delivered).
    case terminated
    /// Ended with no notification (`killApp`, `simctl terminate` of a suspended app).
    case killed
    /// Killed by the system's memory limit, with jetsam's reason (`per-process-limit`).
    case jetsamKilled(reason: String)
    /// Ended by a crash.
    case crashed(AppTermination)

    /// True while the process exists.
    public var isRunning: Bool {
        switch self {
        case .active, .inactive, .background: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .notRunning: return "not running"
        case .active: return "active"
        case .inactive: return "inactive"
        case .background: return "in the background"
        case .terminated: return "terminated"
        case .killed: return "killed"
        case .jetsamKilled(let reason): return "killed by jetsam reason \(reason)"
        case .crashed(let termination): return "crashed: \(termination)"
        }
    }
}
