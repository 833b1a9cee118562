import Core
import Foundation
import Simulator

/// The reports of one `simctl run`, written as results arrive, so a run keeps none of them:
/// memory is the same for 1 run and for 10,000.
///
/// Per result: its text lines are printed (and where a kept device is), its JSON entry is
/// printed, its JUnit test case and HTML section are appended to spool files in the work folder
/// and its HTML pictures written. Only the totals are counted. At the end the totals line is
/// printed, the JSON array closed, and the JUnit file and `index.html` written beside their
/// destination (head with the totals, the spool, tail) and renamed into place.
///
/// ```swift
/// let reports = try SuiteReports(options: options, context: context)
/// _ = suiteRun.run(with: runner, deviceSet: nil) { result, index in reports.add(result, index: index) }
/// let status = reports.finish(skipped: suiteRun.skippedCount)
/// ```
final class SuiteReports {
    private let options: SuiteRunOptions
    private let context: ScenarioCommandContext
    private var totals = ResultTotals()
    /// Standard output could not be written: nothing more is printed there, the run stops.
    private var outputFailed = false
    private var jsonEntries = 0
    private var junit: StreamedFile?
    private var html: HTMLStream?
    /// The first report that could not be written; it is written no further.
    private var reportError: ReportWriteError?

    /// An HTML report being written: its folder, its sections' spool and its pictures' count.
    private struct HTMLStream {
        let folder: String
        let spool: StreamedFile
        var pictureCount = 0
        var foldersMade = false
        /// The failed scenarios the page's index lists (the first ``HTMLReport/indexLimit``).
        var failures: [HTMLReport.IndexEntry] = []
        var runner = "simctl run"
    }

    /// Opens the spools the options' reports need, in the context's work folder.
    init(options: SuiteRunOptions, context: ScenarioCommandContext) throws(ReportWriteError) {
        self.options = options
        self.context = context
        if let path = options.junitPath { junit = try StreamedFile(in: context.workFolder, reportPath: path) }
        if let folder = options.reportFolder {
            html = HTMLStream(folder: folder, spool: try StreamedFile(in: context.workFolder, reportPath: folder))
        }
    }

    /// Reports the result at `index` (results come in order); false when standard output
    /// failed, so the run takes no more.
    func add(_ result: ScenarioResult, index: Int) -> Bool {
        totals.add(result)
        var text = TextReport.lines(for: result, showingSeed: options.repeatCount > 1)
            .map { ScenarioConsole.coloured($0, usesColor: context.usesColor) + "\n" }.joined()
        if options.keepsFailedDevices && !result.passed {
            text += ScenarioConsole.keptDeviceLine(result, index: index, workFolder: context.workFolder)
        }
        printText(text)
        if options.printsJSON {
            printOutput(jsonEntries == 0 ? JSONReport.opening : JSONReport.separator)
            printOutput(JSONReport.entry(result))
            jsonEntries += 1
        }
        writing { () throws(ReportWriteError) in try junit?.append(JUnitReport.testCase(result).joined(separator: "\n") + "\n") }
        writing { () throws(ReportWriteError) in try addSection(result, number: index + 1) }
        return !outputFailed
    }

    /// Prints the totals, closes the JSON and writes the JUnit and HTML reports; returns the
    /// exit status (74 when an output or a report could not be written).
    func finish(skipped: Int, notRun: Int = 0) -> Int32 {
        printText(TextReport.totalsLine(totals) + "\n" + ScenarioConsole.skippedLine(skipped) + ScenarioConsole.notRunLine(notRun))
        if options.printsJSON { printOutput((jsonEntries == 0 ? JSONReport.opening : "") + JSONReport.closing) }
        writing { () throws(ReportWriteError) in try commitJUnit() }
        writing { () throws(ReportWriteError) in try commitHTML() }
        if let reportError {
            context.standardError(VisibleText.escaped("error: \(reportError.description)") + "\n")
            return ScenarioExitCode.output
        }
        return outputFailed ? ScenarioExitCode.output : SuiteRun.exitCode(for: totals)
    }

    // MARK: - Writing

    /// The text report goes to standard error when standard output carries the JSON.
    private func printText(_ text: String) {
        if options.printsJSON { context.standardError(text) } else { printOutput(text) }
    }

    private func printOutput(_ text: String) {
        guard !outputFailed else { return }
        if !context.standardOutput(text) { outputFailed = true }
    }

    /// Runs `body` unless a report already failed; keeps its failure.
    private func writing(_ body: () throws(ReportWriteError) -> Void) {
        guard reportError == nil else { return }
        do { try body() } catch { reportError = error }
    }

    private func addSection(_ result: ScenarioResult, number: Int) throws(ReportWriteError) {
        guard var stream = html else { return }
        if !stream.foldersMade {
            try HTMLReport.createFolders(stream.folder, fileSystem: context.fileSystem)
            stream.foldersMade = true
        }
        let pictures = try HTMLReport.writePictures(of: result, number: number, in: stream.folder, fileSystem: context.fileSystem)
        stream.pictureCount += pictures.count
        stream.runner = result.replayProgram
        if !result.passed, stream.failures.count < HTMLReport.indexLimit { stream.failures.append(HTMLReport.IndexEntry(result, number: number)) }
        try stream.spool.append(HTMLReport.section(result, number: number, pictures: pictures))
        html = stream
    }

    private func commitJUnit() throws(ReportWriteError) {
        guard let spool = junit, let path = options.junitPath else { return }
        let file = try StreamedFile(in: path.deletingLastPathComponent, reportPath: path)
        try file.append(JUnitReport.head(totals).joined(separator: "\n") + "\n")
        try file.append(contentsOf: spool)
        try file.append(JUnitReport.tail.joined(separator: "\n") + "\n")
        try file.commit(to: path)
        spool.discard()
    }

    private func commitHTML() throws(ReportWriteError) {
        guard let stream = html else { return }
        if !stream.foldersMade { try HTMLReport.createFolders(stream.folder, fileSystem: context.fileSystem) }
        let index = stream.folder.appendingPathComponent("index.html")
        let file = try StreamedFile(in: stream.folder, reportPath: index)
        try file.append(HTMLReport.head(totals, pictureCount: stream.pictureCount, runner: stream.runner, failures: stream.failures))
        try file.append(contentsOf: stream.spool)
        try file.append(HTMLReport.tail)
        try file.commit(to: index)
        stream.spool.discard()
        context.standardError("HTML report: \(VisibleText.escaped(index))\n")
    }
}
