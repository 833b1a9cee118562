import Core

extension TraceEvent {
    /// Why an injected fault fired: a rule given to the fault layer, or its seeded rate.
    public enum FaultCause: Equatable, Sendable {
        /// The rule, as it stood when it fired: `rule <rule>` (`rule diskFull on write #1 of Documents/*`).
        case rule(FaultRule)
        /// The fault layer's rate: `rate <rate>` (`rate 0.01`).
        case rate(Double)
    }

    /// Where the fault layer killed an app.
    public enum KillPoint: Equatable, Sendable {
        /// An armed crash point, by name: `crash point <name>`.
        case crashPoint(String)
        /// Right after a trace line, by number (from 1): `kill at trace event <line>`.
        case traceEvent(line: Int)
    }
}
