/// What `simctl run` prints: the text report (coloured on a terminal), what was skipped, and
/// where kept devices are.
enum ScenarioConsole {
    /// ``TextReport``, `PASS`/`FAIL` coloured when `usesColor`, then a line for skipped scenarios.
    static func summary(_ results: [ScenarioResult], skipped: Int, usesColor: Bool) -> String {
        var text = TextReport.render(results)
        if usesColor {
            text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                if line.hasPrefix("PASS ") { return "\u{1B}[32mPASS\u{1B}[0m" + line.dropFirst(4) }
                if line.hasPrefix("FAIL ") { return "\u{1B}[31mFAIL\u{1B}[0m" + line.dropFirst(4) }
                return String(line)
            }.joined(separator: "\n")
        }
        text += seedLines(results)
        if skipped > 0 { text += "\(skipped) scenario\(skipped == 1 ? "" : "s") not selected (tags or shard)\n" }
        return text
    }

    /// `seeds of <path>: 1, 2, 3` for every scenario that ran more than once (`--repeat`).
    static func seedLines(_ results: [ScenarioResult]) -> String {
        var order: [String] = []
        var seeds: [String: [UInt64]] = [:]
        for result in results {
            if seeds[result.relativePath] == nil { order.append(result.relativePath) }
            seeds[result.relativePath, default: []].append(result.seed)
        }
        return order.compactMap { path in
            guard let list = seeds[path], list.count > 1 else { return nil }
            return "seeds of \(VisibleText.escaped(path)): " + list.map(String.init).joined(separator: ", ") + "\n"
        }.joined()
    }

    /// `kept <path>: <file>` for each failed run's device folder.
    static func keptDevices(_ results: [ScenarioResult], jobs: [SuiteRun.Job], workFolder: String) -> String {
        results.enumerated().filter { !$0.element.passed }.map { index, result in
            "kept the device of \(VisibleText.escaped(result.relativePath)) (seed \(result.seed)): "
                + VisibleText.escaped(ScenarioRunner.deviceFolder(workFolder: workFolder, slot: "run-\(index)", seed: result.seed)) + "\n"
        }.joined()
    }
}

/// The one-line progress on a terminal (`12/48 passed 11, failed 1`), rewritten with `\r`;
/// nothing when standard error is not a terminal.
final class ScenarioProgress: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private let write: @Sendable (String) -> Void
    private var failed = 0

    init(total: Int, context: ScenarioCommandContext) {
        self.total = total
        enabled = context.standardErrorIsTerminal
        write = context.standardError
    }

    /// Called one at a time (``SuiteRun/run(with:deviceSet:completed:)`` serialises the calls).
    func update(_ result: ScenarioResult, done: Int) {
        if !result.passed { failed += 1 }
        guard enabled else { return }
        write("\r\u{1B}[K\(done)/\(total) passed \(done - failed), failed \(failed) — \(VisibleText.escaped(result.relativePath))")
    }

    func finish() {
        if enabled && total > 0 { write("\r\u{1B}[K") }
    }
}
