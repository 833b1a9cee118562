import ArgumentParsing
import Foundation
import Platform
import Scenarios

/// The scenario runner of `simctl run`, for a team's own executable: register the app, hand over
/// the command line, exit with what it returns.
///
/// ```swift
/// // Sources/teamapp-scenarios/main.swift
/// import ScenarioKit
/// exit(ScenarioMain.run(apps: [NotesApp.definition], arguments: CommandLine.arguments))
/// ```
///
/// Exit codes: 0 every scenario passed, 1 one failed (or none was selected), 64 a usage mistake,
/// 65 a scenario file is invalid (nothing ran).
public enum ScenarioMain {
    /// Every scenario passed.
    public static let successExitCode: Int32 = 0
    /// At least one scenario failed, or the files and filters selected none.
    public static let failureExitCode: Int32 = 1
    /// The command line is wrong (`EX_USAGE`, sysexits.h).
    public static let usageExitCode: Int32 = 64
    /// A scenario file is invalid (`EX_DATAERR`, sysexits.h); nothing ran.
    public static let invalidScenarioExitCode: Int32 = 65

    /// Runs the scenarios `arguments` name (`arguments[0]` is the program) against `apps` and
    /// returns the exit code. Reports go to `output`; devices are made under `workFolder`
    /// (default: a folder of this process in the system's temporary folder, removed afterwards).
    public static func run(apps: [AppDefinition], arguments: [String], output: ScenarioOutput = .standard,
                           workFolder: String? = nil) -> Int32 {
        let program = arguments.first.map { ($0 as NSString).lastPathComponent } ?? "scenarios"
        let options: ScenarioMainOptions
        do {
            guard let parsed = try ScenarioMainOptions.parse(Array(arguments.dropFirst()), program: program) else {
                output.standardOutput(ScenarioMainOptions.usage(program: program) + "\n")
                return successExitCode
            }
            options = parsed
        } catch {
            output.standardError("\(program): \(error)\n\(error.usage)\n")
            return usageExitCode
        }
        let folder = workFolder ?? NSTemporaryDirectory().appendingPathComponent("\(program)-\(ProcessInfo.processInfo.processIdentifier)")
        defer { if workFolder == nil { try? FileManager.default.removeItem(atPath: folder) } }
        return run(options, apps: apps, output: output, workFolder: folder, program: program)
    }

    /// Runs parsed options; see ``run(apps:arguments:output:workFolder:)``.
    static func run(_ options: ScenarioMainOptions, apps: [AppDefinition], output: ScenarioOutput,
                    workFolder: String, program: String) -> Int32 {
        let scenarios: [Scenario]
        do {
            scenarios = try options.selectedScenarios()
        } catch {
            output.standardError("\(program): \(error)\n")
            return invalidScenarioExitCode
        }
        guard !scenarios.isEmpty else {
            output.standardError("\(program): no scenario selected in \(options.paths.joined(separator: ", ")); check the paths, tags and shard\n")
            return failureExitCode
        }
        let runner = ScenarioRunner(apps: apps, workFolder: workFolder, hostNanoseconds: { DispatchTime.now().uptimeNanoseconds })
        let results = runner.run(scenarios, workers: options.workers, seed: options.seed,
                                 checkDeterminism: options.checksDeterminism)
        return report(results, options: options, output: output, program: program)
    }

    /// Prints the text or JSON report, writes the JUnit file, and gives the exit code.
    private static func report(_ results: [ScenarioResult], options: ScenarioMainOptions, output: ScenarioOutput,
                               program: String) -> Int32 {
        output.standardOutput(options.printsJSON ? JSONReport.render(results) + "\n" : TextReport.render(results))
        if let junit = options.junitPath {
            do {
                try Data(JUnitReport.render(results).utf8).write(to: URL(fileURLWithPath: junit), options: .atomic)
            } catch {
                output.standardError("\(program): could not write the JUnit report to \(junit): \(error.localizedDescription); check the folder exists and is writable\n")
                return failureExitCode
            }
        }
        return results.allSatisfy(\.passed) ? successExitCode : failureExitCode
    }
}
