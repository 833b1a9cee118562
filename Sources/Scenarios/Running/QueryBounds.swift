/// The bounds of one `assertQuery`, so SQL a scenario wrote can neither hang a run nor fill
/// its memory: a recursive query without an end fails its step naming the bound.
///
/// ```swift
/// QueryBounds.maximumSteps      // 100,000,000 SQLite steps: about a second of SQLite's work
/// ```
public enum QueryBounds {
    /// The most SQLite virtual-machine steps one query may take (`sqlite3_progress_handler`):
    /// 100 million, about a second of SQLite's work on the CI machine (1.2 s measured there
    /// under load for a recursive count), thousands of times what a query of a simulated app's
    /// store needs. Steps, not time, so a query stops at the same point on every machine.
    public static let maximumSteps = 100_000_000
    /// Rows read past the ones the step expects: enough to show what differs, never every row
    /// of a query that returns them without end.
    public static let extraRows = 20

    /// `number` with commas between groups of three digits (`100,000,000`), whatever the locale.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + groups).joined(separator: ",")
    }
}
