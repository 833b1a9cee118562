import Core
import Simulator

/// The plain-text summary a terminal shows: one line per scenario (pass or fail, path, name,
/// host and virtual time), the details of each failure under its line, then the totals.
///
/// ```
/// PASS mylocations/add-photo.yaml — Add a photo (12 ms host, 0.205 s virtual)
/// FAIL mylocations/kill.yaml — Photo IDs survive a kill (8 ms host, 0.100 s virtual)
///      mylocations/kill.yaml:12:3 assertPreference: PhotoID = 2
///      preference PhotoID: expected 2, found 1
///      expected: 2
///      actual:   1
///      seed 7 (header); replay: simctl run --seed 7 mylocations/kill.yaml
///      trace (last 20 lines):
///        [   0.100000000] ...
/// 2 scenarios: 1 passed, 1 failed (20 ms host, 0.305 s virtual)
/// ```
///
/// Every value a scenario or the app supplies (paths, names, commands, messages, trace lines)
/// goes through ``VisibleText``, so a control character in one never splits a line or reaches
/// the terminal raw.
public enum TextReport {
    /// The summary of `results`, each line ended by a newline.
    public static func render(_ results: [ScenarioResult]) -> String {
        (results.flatMap { lines(for: $0) } + [totalsLine(ResultTotals(results))]).joined(separator: "\n") + "\n"
    }

    /// The lines of one result: its `PASS`/`FAIL` line, then a failure's details. With
    /// `showingSeed` (a run of several, `--repeat`) the line names the run's seed:
    /// `PASS a.yaml — Add a photo (seed 7; 12 ms host, 0.205 s virtual)`.
    public static func lines(for result: ScenarioResult, showingSeed: Bool = false) -> [String] {
        let seed = showingSeed ? "seed \(result.seed); " : ""
        var lines = ["\(result.passed ? "PASS" : "FAIL") \(shown(result.relativePath)) — \(shown(result.name)) "
            + "(\(seed)\(hostTime(result.hostNanoseconds)) host, \(virtualTime(result.virtualNanoseconds)) virtual)"]
        lines += result.commands.compactMap(\.warning).map { "     warning: \(shown($0))" }
        if let failure = result.failure { lines += details(of: failure, in: result) }
        return lines
    }

    /// `2 scenarios: 1 passed, 1 failed (20 ms host, 0.305 s virtual)`.
    public static func totalsLine(_ totals: ResultTotals) -> String {
        "\(totals.count) scenario\(totals.count == 1 ? "" : "s"): \(totals.passed) passed, "
            + "\(totals.failed) failed (\(hostTime(totals.hostNanoseconds)) host, \(virtualTime(totals.virtualNanoseconds)) virtual)"
    }

    private static func details(of failure: ScenarioFailure, in result: ScenarioResult) -> [String] {
        let indent = "     "
        var lines = ["\(indent)\(shown(failure.location)) \(shown(failure.command))", "\(indent)\(shown(failure.message))"]
        if let expected = failure.expected { lines.append("\(indent)expected: \(shown(expected))") }
        if let actual = failure.actual { lines.append("\(indent)actual:   \(shown(actual))") }
        lines.append("\(indent)seed \(result.seed) (\(result.seedSource.rawValue)); replay: \(shown(result.replayCommand))")
        if !failure.traceTail.isEmpty {
            lines.append("\(indent)trace (last \(failure.traceTail.count) lines):")
            lines += failure.traceTail.map { "\(indent)  \(shown($0))" }
        }
        return lines
    }

    /// A value as one line may show it (``VisibleText``).
    private static func shown(_ text: String) -> String {
        VisibleText.escaped(text)
    }

    /// Host time in whole milliseconds (`12 ms`).
    static func hostTime(_ nanoseconds: UInt64) -> String {
        "\(nanoseconds / 1_000_000) ms"
    }

    /// Virtual time in seconds with three decimals (`0.205 s`).
    static func virtualTime(_ nanoseconds: Int64) -> String {
        let milliseconds = nanoseconds / 1_000_000
        let fraction = String(milliseconds % 1_000)
        return "\(milliseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
    }
}
