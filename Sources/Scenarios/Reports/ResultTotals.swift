/// What the totals line of every report counts: runs, failures, host and virtual time.
///
/// Counted as results arrive, so a report that streams its results keeps only this of them.
///
/// ```swift
/// var totals = ResultTotals()
/// for result in results { totals.add(result) }
/// totals.passed        // runs that passed
/// ```
public struct ResultTotals: Hashable, Sendable {
    /// Runs counted.
    public private(set) var count = 0
    /// Runs that failed.
    public private(set) var failed = 0
    /// Host time of every run together (wrapping on overflow, as no run takes 584 years).
    public private(set) var hostNanoseconds: UInt64 = 0
    /// Virtual time of every run together.
    public private(set) var virtualNanoseconds: Int64 = 0

    public init() {}

    /// The totals of `results`.
    public init(_ results: [ScenarioResult]) {
        for result in results { add(result) }
    }

    /// Runs that passed.
    public var passed: Int { count - failed }

    /// Counts one more run.
    public mutating func add(_ result: ScenarioResult) {
        count += 1
        if !result.passed { failed += 1 }
        hostNanoseconds = hostNanoseconds &+ result.hostNanoseconds
        virtualNanoseconds = virtualNanoseconds &+ result.virtualNanoseconds
    }
}
