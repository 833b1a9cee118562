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
///                                      apps: ReferenceApps.all, context: liveContext)
/// ```
public enum ScenarioCommandLine {
    /// `simctl run`'s one-line usage, shown after a usage error.
    public static let usage = usageLine(program: .simctlRun)

    /// `simctl run`'s argument table.
    public static let syntax = argumentSyntax(program: .simctlRun)

    /// Parses `arguments` (after `run`, or after a runner's own name) and runs them; `--help`
    /// prints ``help(program:)``. `checkers` are added to every app's own (a team's suite-wide rules).
    public static func run(arguments: [String], apps: [AppDefinition], checkers: [AppChecker] = [],
                           context: ScenarioCommandContext, program: ScenarioProgram = .simctlRun) -> Int32 {
        do throws(ArgumentError) {
            switch try argumentSyntax(program: program).parse(arguments) {
            case .help:
                return context.standardOutput(help(program: program) + "\n") ? ScenarioExitCode.passed : ScenarioExitCode.output
            case .arguments(let parsed):
                return run(parsed: parsed, apps: apps, checkers: checkers, context: context, program: program)
            }
        } catch {
            return usageError(error, context: context, program: program)
        }
    }

    /// Runs already parsed arguments (parsed by ``argumentSyntax(program:)``).
    public static func run(parsed: ParsedArguments, apps: [AppDefinition], checkers: [AppChecker] = [],
                           context: ScenarioCommandContext, program: ScenarioProgram = .simctlRun) -> Int32 {
        let options: SuiteRunOptions
        do throws(ArgumentError) {
            options = try SuiteRunOptions(parsed: parsed, environment: context.environment,
                                          defaultWorkers: context.processorCount)
        } catch {
            return usageError(error, context: context, program: program)
        }
        return run(options: options, apps: apps, checkers: checkers, context: context, program: program)
    }

    /// Runs decided options: load (65 when a file is invalid), run, print, write reports.
    /// Replay lines name `program`. `--list-checkers` prints ``CheckerListing`` and runs nothing;
    /// a name in `--checkers` or `--skip-checkers` that no app has is a usage error.
    public static func run(options: SuiteRunOptions, apps: [AppDefinition], checkers added: [AppChecker] = [],
                           context: ScenarioCommandContext, program: ScenarioProgram = .simctlRun) -> Int32 {
        if options.listsCheckers {
            return context.standardOutput(CheckerListing.text(apps: apps, added: added)) ? ScenarioExitCode.passed : ScenarioExitCode.output
        }
        let selection = CheckerSelection(only: options.checkerNames, skipped: options.skippedCheckerNames, added: added)
        if let unknown = selection.unknownNames(among: apps).first {
            let known = Set(apps.flatMap { selection.available(for: $0).map(\.name) } + Checker.platform.map(\.name)).sorted()
            return usageError(argumentSyntax(program: program).error(.other("no app has a checker called `\(unknown)`"
                + NameSuggestion.hint(for: unknown, in: known) + " (known: \(known.joined(separator: ", ")); --list-checkers lists them)")),
                              context: context, program: program)
        }
        let suiteRun: SuiteRun
        do throws(ScenarioLoadError) {
            let loader = ScenarioLoader(parameters: options.parameters, checkers: CheckerCatalogue(apps: apps, added: added))
            suiteRun = try SuiteRun(options: options, loader: loader, nextSeed: context.nextSeed)
        } catch {
            context.standardError(error.description + "\nNo scenario ran: fix the files above and run again.\n")
            return ScenarioExitCode.invalidScenario
        }
        if let status = options.shardStatusFile {
            do throws(FileSystemError) { try touch(status, fileSystem: context.fileSystem) } catch {
                context.standardError(VisibleText.escaped("error: cannot touch TEST_SHARD_STATUS_FILE \(status): \(error)") + "\n")
                return ScenarioExitCode.output
            }
        }
        var deviceSet: DeviceSet?
        if let device = options.device {
            do { deviceSet = try context.deviceSet() } catch {
                context.standardError(VisibleText.escaped("error: cannot open the device set for --device: \(error)") + "\n")
                return ScenarioExitCode.output
            }
            // A device the set does not have is a mistake in the command, found before anything runs.
            do throws(DeviceSetError) { _ = try deviceSet?.device(DeviceSelector(device)) } catch {
                let set = deviceSet?.path ?? "the device set"
                let hint: String = switch error {
                case .deviceNotFound: "no device of the set at \(set) has that UDID or name; `simctl list devices` lists them, "
                    + "`simctl create NAME TYPE` makes one"
                case .noDevicesBooted: "no device of the set at \(set) is booted; boot one with `simctl boot NAME`, or name one"
                default: error.description
                }
                return usageError(argumentSyntax(program: program).error(.other("--device \(device): \(hint)")), context: context, program: program)
            }
        }
        var bundles: [AppBundle] = []
        for path in options.appBundlePaths {
            do throws(InstallError) {
                let bundle = try AppBundle.read(at: path, fileSystem: context.fileSystem)
                guard bundle.executableName != nil else {
                    return usageError(argumentSyntax(program: program).error(.other(
                        "--app \(path): its Info.plist names no CFBundleExecutable; an app that runs in its own process needs one")),
                        context: context, program: program)
                }
                bundles.append(bundle)
            } catch {
                return usageError(argumentSyntax(program: program).error(.other("--app \(path): \(error.description)")),
                                  context: context, program: program)
            }
        }
        if let deviceSet, let device = options.device {
            // On a device of a set the bundles are installed first, as `simctl install` does (a
            // reinstall keeps the app's data container); its scenarios then run on that install.
            for bundle in bundles {
                do throws(DeviceSetError) {
                    _ = try deviceSet.install(DeviceSelector(device), bundlePath: bundle.path)
                } catch {
                    context.standardError(VisibleText.escaped("error: cannot install \(bundle.path) on \(device) for --device: \(error)") + "\n")
                    return ScenarioExitCode.output
                }
            }
        }
        var runner = ScenarioRunner(apps: apps, workFolder: context.workFolder, hostNanoseconds: context.hostNanoseconds)
        runner.appBundles = bundles
        runner.keepsFailedDevices = options.keepsFailedDevices
        runner.capturesImages = options.reportFolder != nil
        runner.screenshotsFolder = options.screenshotsFolder ?? context.screenshotsFolder
        runner.replayProgram = program.invocation
        runner.checkers = selection
        let reports: SuiteReports
        do throws(ReportWriteError) { reports = try SuiteReports(options: options, context: context) } catch {
            context.standardError(VisibleText.escaped("error: \(error.description)") + "\n")
            return ScenarioExitCode.output
        }
        let progress = ScenarioProgress(total: suiteRun.runCount, context: context)
        let outcome = suiteRun.run(with: runner, deviceSet: deviceSet) { result, index in
            progress.clear()
            let goOn = reports.add(result, index: index)
            progress.update(result, done: index + 1)
            return goOn
        }
        progress.clear()
        return reports.finish(skipped: suiteRun.skippedCount, notRun: outcome.notRun)
    }

    private static func usageError(_ error: ArgumentError, context: ScenarioCommandContext, program: ScenarioProgram) -> Int32 {
        context.standardError(VisibleText.escaped(program.errorPrefix + error.description) + "\n" + usageLine(program: program) + "\n")
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
