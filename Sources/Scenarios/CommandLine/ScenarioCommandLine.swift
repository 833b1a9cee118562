import ArgumentParsing
import Platform
import Core
import Foundation
import Simulator

/// `simctl run <file|folder>...`, reusable by any executable: parses the arguments, loads and
/// runs the scenarios, prints the summary and writes the reports; returns the exit status
/// (``ScenarioExitCode``).
///
/// ```swift
/// let status = ScenarioCommandLine.run(arguments: ["Scenarios", "--junit", "junit.xml"],
///                                      apps: ScenarioRunner.referenceApps, context: liveContext)
/// ```
public enum ScenarioCommandLine {
    /// The usage line `--help` prints.
    public static let usage = "Usage: simctl run [--seed N] [--repeat N] [--include-tags T] [--exclude-tags T] [-j N] "
        + "[--junit PATH] [--json] [--report DIR] [--check-determinism] [-e KEY=VALUE] [--shard-split N --shard-index I] "
        + "[--device D] [--keep] [--fault-rate R] <file|folder>..."

    /// The argument table (the same as `simctl run`'s).
    public static let syntax = CommandSyntax(
        "run", usage: usage,
        options: [
            .value(["--seed"], placeholder: "N", help: "the seed of every scenario"),
            .value(["--repeat"], placeholder: "N", help: "run each scenario N times, a new seed each time"),
            .value(["--include-tags"], placeholder: "T", help: "run only scenarios with a tag", repeatable: true),
            .value(["--exclude-tags"], placeholder: "T", help: "skip scenarios with a tag", repeatable: true),
            .value(["-j"], placeholder: "N", help: "scenarios run at once (default: the cores)"),
            .value(["--junit"], placeholder: "PATH", help: "write a JUnit report"),
            .flag(["--json"], help: "print the JSON report on standard output"),
            .value(["--report"], placeholder: "DIR", help: "write an HTML report"),
            .flag(["--check-determinism"], help: "run twice and compare traces"),
            .value(["-e", "--env"], placeholder: "KEY=VALUE", help: "a parameter for ${KEY}", repeatable: true),
            .value(["--shard-split"], placeholder: "N", help: "split into N shards"),
            .value(["--shard-index"], placeholder: "I", help: "run shard I"),
            .value(["--device"], placeholder: "D", help: "run on this device of the set"),
            .flag(["--keep"], help: "keep the temporary devices of failed scenarios"),
            .value(["--fault-rate"], placeholder: "R", help: "fail each file operation with chance R (seeded)"),
        ],
        positionals: PositionalSyntax("<file|folder>", count: 1...Int.max))

    /// Parses `arguments` (after `run`) and runs them.
    public static func run(arguments: [String], apps: [AppDefinition], context: ScenarioCommandContext) -> Int32 {
        do throws(ArgumentError) {
            switch try syntax.parse(arguments) {
            case .help:
                return context.standardOutput(usage + "\n") ? ScenarioExitCode.passed : ScenarioExitCode.output
            case .arguments(let parsed):
                return run(parsed: parsed, apps: apps, context: context)
            }
        } catch {
            return usageError(error, context: context)
        }
    }

    /// Runs already parsed arguments (parsed by ``syntax``).
    public static func run(parsed: ParsedArguments, apps: [AppDefinition], context: ScenarioCommandContext) -> Int32 {
        let options: SuiteRunOptions
        do throws(ArgumentError) {
            options = try SuiteRunOptions(parsed: parsed, environment: context.environment,
                                          defaultWorkers: context.processorCount)
        } catch {
            return usageError(error, context: context)
        }
        return run(options: options, apps: apps, context: context)
    }

    /// Runs decided options: load (65 when a file is invalid), run, print, write reports.
    public static func run(options: SuiteRunOptions, apps: [AppDefinition], context: ScenarioCommandContext) -> Int32 {
        let suiteRun: SuiteRun
        do throws(ScenarioLoadError) {
            suiteRun = try SuiteRun(options: options, loader: ScenarioLoader(parameters: options.parameters),
                                    nextSeed: context.nextSeed)
        } catch {
            context.standardError(error.description + "\nNo scenario ran: fix the files above and run again.\n")
            return ScenarioExitCode.invalidScenario
        }
        if let status = options.shardStatusFile {
            do throws(FileSystemError) { try touch(status, fileSystem: context.fileSystem) } catch {
                context.standardError("error: cannot touch TEST_SHARD_STATUS_FILE \(status): \(error)\n")
                return ScenarioExitCode.output
            }
        }
        var deviceSet: DeviceSet?
        if options.device != nil {
            do { deviceSet = try context.deviceSet() } catch {
                context.standardError("error: cannot open the device set for --device: \(error)\n")
                return ScenarioExitCode.output
            }
        }
        var runner = ScenarioRunner(apps: apps, workFolder: context.workFolder, hostNanoseconds: context.hostNanoseconds)
        runner.keepsFailedDevices = options.keepsFailedDevices
        runner.capturesImages = options.reportFolder != nil
        let progress = ScenarioProgress(total: suiteRun.jobs.count, context: context)
        let results = suiteRun.run(with: runner, deviceSet: deviceSet) { result, done in progress.update(result, done: done) }
        progress.finish()
        return finish(results, suiteRun: suiteRun, context: context)
    }

    /// Prints the summary and writes the reports; a report that cannot be written is exit 74.
    private static func finish(_ results: [ScenarioResult], suiteRun: SuiteRun, context: ScenarioCommandContext) -> Int32 {
        let options = suiteRun.options
        var summary = ScenarioConsole.summary(results, skipped: suiteRun.skippedCount, usesColor: context.usesColor)
        if options.keepsFailedDevices {
            summary += ScenarioConsole.keptDevices(results, jobs: suiteRun.jobs, workFolder: context.workFolder)
        }
        if options.printsJSON {
            context.standardError(summary)
            guard context.standardOutput(JSONReport.render(results)) else { return ScenarioExitCode.output }
        } else if !context.standardOutput(summary) {
            return ScenarioExitCode.output
        }
        do throws(ReportWriteError) {
            if let path = options.junitPath {
                try ReportWriteError.writing(path) { () throws(FileSystemError) in
                    try context.fileSystem.writeAtomically(Data(JUnitReport.render(results).utf8), to: path)
                }
            }
            if let folder = options.reportFolder {
                let index = try HTMLReport.write(results, to: folder, fileSystem: context.fileSystem)
                context.standardError("HTML report: \(index)\n")
            }
        } catch {
            context.standardError("error: \(error.description)\n")
            return ScenarioExitCode.output
        }
        return SuiteRun.exitCode(for: results)
    }

    private static func usageError(_ error: ArgumentError, context: ScenarioCommandContext) -> Int32 {
        context.standardError(error.description + "\n" + usage + "\n")
        return ScenarioExitCode.usage
    }

    /// Creates `path` empty when it does not exist (Bazel reads only that it exists).
    private static func touch(_ path: String, fileSystem: FileSystem) throws(FileSystemError) {
        guard !fileSystem.fileExists(at: path) else { return }
        try fileSystem.writeAtomically(Data(), to: path)
    }
}

/// A report that could not be written, naming the file.
public struct ReportWriteError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String {
        "cannot write the report \(path): \(reason); check the folder exists and is writable"
    }

    static func writing(_ path: String, _ body: () throws(FileSystemError) -> Void) throws(ReportWriteError) {
        do { try body() } catch { throw ReportWriteError(path: path, reason: "\(error)") }
    }
}
