import Core
import Foundation
import Platform
import Scenarios

/// Runs scenario files from a team's tests. No test framework inside: a failing scenario throws
/// a ``ScenarioCheckFailure`` whose message is the scenario's own failure, which Swift Testing
/// (`#expect(throws:)`, or just `try`) and XCTest (`XCTAssertNoThrow`, or a throwing test) report.
///
/// ```swift
/// @Test func notesKeepTheirPhoto() throws {
///     try ScenarioCheck(apps: [NotesApp.definition]).run("Scenarios/add-note.yaml")
/// }
/// ```
public struct ScenarioCheck: Sendable {
    /// The apps a scenario's `appId` may name.
    public let apps: [AppDefinition]
    /// Variables for `${NAME}`, over the header's `env` (the command line's `-e`).
    public var parameters: [String: String] = [:]
    /// Where temporary devices are made; each run's device is removed afterwards.
    public var workFolder: String
    /// The command a failure's replay line starts with: your ``ScenarioMain`` executable (as in
    /// `swift run notes-scenarios`), which knows your apps (`simctl run` for the reference apps).
    /// `nil`: the `run(_:seed:)` call that replays the failure here.
    public var replayProgram: String?
    /// The checkers each run uses (``Scenarios/CheckerSelection``): by default every checker of
    /// the scenario's app, its own and the platform's; add suite-wide rules with `added`.
    public var checkers = CheckerSelection.all

    /// - Parameter workFolder: give each concurrently running test its own folder when two of
    ///   them run the same file; default, a folder of this process in the temporary folder.
    public init(apps: [AppDefinition], workFolder: String? = nil) {
        self.apps = apps
        self.workFolder = workFolder
            ?? POSIXFileSystem.temporaryRoot(environment: ProcessInfo.processInfo.environment)
                .appendingPathComponent("photosim-scenario-check-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// Loads and runs the scenario `file` and returns its result when it passed; throws the
    /// load problems or the scenario's failure (with its location, seed and replay command).
    ///
    /// - Parameter suiteRoot: the suite folder the file's paths may reach into (`../media/…`
    ///   from a subfolder); default, the nearest folder at or above the file with a
    ///   `config.yaml`, else the file's own folder (``Scenarios/SuiteRoot/find(from:files:)``).
    @discardableResult
    public func run(_ file: String, suiteRoot: String? = nil, seed: UInt64? = nil) throws(ScenarioCheckFailure) -> ScenarioResult {
        let scenario: Scenario
        do {
            let catalogue = CheckerCatalogue(apps: apps, added: checkers.added)
            scenario = try ScenarioLoader(parameters: parameters, checkers: catalogue).load(file: file, root: suiteRoot)
        } catch {
            throw ScenarioCheckFailure(message: "\(file) could not be loaded:\n\(error)")
        }
        var runner = ScenarioRunner(apps: apps, workFolder: workFolder, hostNanoseconds: { DispatchTime.now().uptimeNanoseconds })
        if let replayProgram { runner.replayProgram = replayProgram }
        runner.checkers = checkers
        let result = runner.run(scenario, options: RunOptions(seed: seed))
        if let failure = result.failure {
            throw ScenarioCheckFailure(message: Self.describe(failure, of: result, replay: replay(file, result)), result: result)
        }
        return result
    }

    /// How to run the failed `file` again with its seed: the result's own command when a program
    /// that knows the apps was named (``replayProgram``), else this check's call.
    func replay(_ file: String, _ result: ScenarioResult) -> String {
        if replayProgram != nil { return result.replayCommand }
        return "run(\(String(reflecting: file)), seed: \(result.seed)) on this ScenarioCheck"
    }

    /// The failure as a test report shows it: where, what, expected and actual, how to replay.
    static func describe(_ failure: ScenarioFailure, of result: ScenarioResult, replay: String) -> String {
        var lines = ["\(result.relativePath): \(failure.location) \(failure.command): \(failure.message)"]
        if let expected = failure.expected { lines.append("expected: \(expected)") }
        if let actual = failure.actual { lines.append("actual: \(actual)") }
        lines.append("seed \(result.seed); replay: \(replay)")
        return lines.joined(separator: "\n")
    }
}
