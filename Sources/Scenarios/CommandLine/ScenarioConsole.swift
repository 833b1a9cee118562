import Core
import Simulator

/// What `simctl run` prints besides the reports' own lines: colour on a terminal, what was
/// skipped, where kept devices are.
enum ScenarioConsole {
    /// `line` with a leading `PASS`/`FAIL` coloured when `usesColor`.
    static func coloured(_ line: String, usesColor: Bool) -> String {
        guard usesColor else { return line }
        if line.hasPrefix("PASS ") { return "\u{1B}[32mPASS\u{1B}[0m" + line.dropFirst(4) }
        if line.hasPrefix("FAIL ") { return "\u{1B}[31mFAIL\u{1B}[0m" + line.dropFirst(4) }
        return line
    }

    /// `3 scenarios not selected (tags or shard)`, or nothing.
    static func skippedLine(_ skipped: Int) -> String {
        skipped > 0 ? "\(skipped) scenario\(skipped == 1 ? "" : "s") not selected (tags or shard)\n" : ""
    }

    /// The runs of the `executionOrder` sequence a failure stopped (TestSuiteInteractor.kt: with
    /// `continueOnFailure: false` the rest of the sequence does not run).
    static func notRunLine(_ notRun: Int) -> String {
        notRun > 0 ? "\(notRun) scenario\(notRun == 1 ? "" : "s") of the executionOrder sequence not run: an earlier one "
            + "failed and the workspace's config says continueOnFailure: false\n" : ""
    }

    /// `kept the device of <path> (seed S): <folder>` for the failed run at `index`.
    static func keptDeviceLine(_ result: ScenarioResult, index: Int, workFolder: String) -> String {
        "kept the device of \(VisibleText.escaped(result.relativePath)) (seed \(result.seed)): "
            + VisibleText.escaped(ScenarioRunner.deviceFolder(workFolder: workFolder, slot: "run-\(index)", seed: result.seed)) + "\n"
    }
}

/// The one-line progress on a terminal (`12/48 passed 11, failed 1 — path`), rewritten with
/// `\r`; nothing when standard error is not a terminal. Cleared before the reports print a
/// result's lines, so the two never run into each other on one screen.
final class ScenarioProgress: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private let write: @Sendable (String) -> Void
    private var failed = 0
    private var shown = false

    init(total: Int, context: ScenarioCommandContext) {
        self.total = total
        enabled = context.standardErrorIsTerminal
        write = context.standardError
    }

    /// Called one at a time, in order (``SuiteRun/run(with:deviceSet:deliver:)`` serialises the calls).
    func update(_ result: ScenarioResult, done: Int) {
        if !result.passed { failed += 1 }
        guard enabled else { return }
        write("\r\u{1B}[K\(done)/\(total) passed \(done - failed), failed \(failed) — \(VisibleText.escaped(result.relativePath))")
        shown = true
    }

    /// Erases the line, if one is shown.
    func clear() {
        guard shown else { return }
        write("\r\u{1B}[K")
        shown = false
    }
}
