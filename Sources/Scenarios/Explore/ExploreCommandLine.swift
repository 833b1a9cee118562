import ArgumentParsing
import Core
import DeviceStore
import Foundation
import Platform
import Simulator

/// `simctl explore <app bundle id>`: parses the options, explores with the context's seams,
/// prints every seed, each failure with its shrunk file and replay command, and returns the exit
/// status, the same as `simctl run`'s: 0 no checker failed, 1 one failed (its scenario was
/// written), 64 usage, 74 output could not be written.
public enum ExploreCommandLine {
    public static let usage = "Usage: simctl explore <app bundle id> [--seed N] [--steps N] [--time S] [--device <type>] [--no-camera] "
        + "[--out DIR] [--json] [--launch-arg KEY=VALUE]... [--app APP]"

    /// Where shrunk scenarios go without `--out`.
    public static let defaultOutputFolder = "photosim-explore"

    public static let syntax = CommandSyntax(
        "explore", usage: usage,
        options: [
            .value(["--seed"], placeholder: "N", help: "the first run's seed (default: a fresh one, printed)"),
            .value(["--steps"], placeholder: "N", help: "events to draw in all (default 1000)"),
            .value(["--time"], placeholder: "S", help: "stop after S seconds of host time"),
            .value(["--device"], placeholder: "TYPE", help: "the device type (default iPhone 15)"),
            .flag(["--no-camera"], help: "devices without cameras, as Apple's Simulator (PhotoSim's)"),
            .value(["--out"], placeholder: "DIR", help: "where shrunk scenarios are written (default photosim-explore)"),
            .flag(["--json"], help: "print one JSON summary line on standard output"),
            .value(["--launch-arg"], placeholder: "KEY=VALUE", help: "a launch argument of every launch", repeatable: true),
            .value(["--app"], placeholder: "APP",
                   help: "explore this app built against UIKit in its own process (its bundle id must be the one given; docs/explore.md)"),
        ],
        positionals: PositionalSyntax("<app bundle id>", count: 1...1))

    /// Parses `arguments` (after `explore`) and explores.
    public static func run(arguments: [String], apps: [AppDefinition], context: ScenarioCommandContext) -> Int32 {
        do throws(ArgumentError) {
            switch try syntax.parse(arguments) {
            case .help: return context.standardOutput(usage + "\n") ? ScenarioExitCode.passed : ScenarioExitCode.output
            case .arguments(let parsed): return run(parsed: parsed, apps: apps, context: context)
            }
        } catch {
            context.standardError(VisibleText.escaped(error.description) + "\n" + usage + "\n")
            return ScenarioExitCode.usage
        }
    }

    /// Runs already parsed arguments (parsed by ``syntax``).
    public static func run(parsed: ParsedArguments, apps: [AppDefinition], context: ScenarioCommandContext) -> Int32 {
        let options: ExploreOptions, seconds: Double?, json: Bool
        do throws(ArgumentError) {
            (options, seconds) = try decide(parsed, context: context)
            json = parsed.has("--json")
        } catch {
            context.standardError(VisibleText.escaped(error.description) + "\n" + usage + "\n")
            return ScenarioExitCode.usage
        }
        let progress: (String) -> Void = { line in
            if json { context.standardError(line) } else { _ = context.standardOutput(line) }
        }
        let started = context.hostNanoseconds()
        let deadline = seconds.map { started &+ UInt64(($0 * 1e9).rounded()) }
        let report: ExploreReport
        do throws(ExploreError) {
            report = try Explorer(apps: apps).explore(
                options, deadlineReached: { deadline.map { context.hostNanoseconds() >= $0 } ?? false },
                onRun: { progress(line(for: $0)) })
        } catch {
            context.standardError(VisibleText.escaped("error: \(error)") + "\n")
            if case .unknownApp = error { return ScenarioExitCode.usage }
            return ScenarioExitCode.output
        }
        progress(summary(report, options: options))
        if json, !context.standardOutput(jsonLine(report, options: options)) { return ScenarioExitCode.output }
        return report.failures.isEmpty ? ScenarioExitCode.passed : ScenarioExitCode.failed
    }

    private static func decide(_ parsed: ParsedArguments, context: ScenarioCommandContext) throws(ArgumentError) -> (ExploreOptions, Double?) {
        let steps = try parsed.value("--steps", as: Int.self) ?? 1_000
        guard steps > 0 else { throw parsed.syntax.error(.invalidValue(option: "--steps", given: "\(steps)", expected: "a positive whole number")) }
        let seconds = try parsed.value("--time", as: Double.self)
        if let seconds, !(seconds > 0 && seconds.isFinite) {
            throw parsed.syntax.error(.invalidValue(option: "--time", given: "\(seconds)", expected: "a positive number of seconds"))
        }
        var arguments: [LaunchArgument] = []
        for pair in try parsed.values("--launch-arg", as: String.self) {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw parsed.syntax.error(.invalidValue(option: "--launch-arg", given: pair, expected: "KEY=VALUE, such as strongObserver=true"))
            }
            arguments.append(LaunchArgument(name: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...])))
        }
        var options = ExploreOptions(appId: parsed[0], seed: try parsed.value("--seed", as: UInt64.self) ?? context.nextSeed(),
                                     steps: steps, device: try parsed.value("--device", as: String.self) ?? ScenarioHeader.defaultDevice,
                                     hasCamera: !parsed.has("--no-camera"), launchArguments: arguments,
                                     outputFolder: try parsed.value("--out", as: ArgumentPath.self)?.rawValue ?? defaultOutputFolder,
                                     workFolder: context.workFolder)
        if let path = try parsed.value("--app", as: ArgumentPath.self)?.rawValue {
            let bundle: AppBundle
            do {
                bundle = try AppBundle.read(at: path, fileSystem: POSIXFileSystem())
            } catch {
                // In `simctl run --app`'s words.
                throw parsed.syntax.error(.other("--app \(path): \(error)"))
            }
            guard bundle.bundleIdentifier.rawValue == options.appId else {
                throw parsed.syntax.error(.invalidValue(option: "--app", given: path,
                                                        expected: "the bundle of \(options.appId) (its CFBundleIdentifier is \(bundle.bundleIdentifier.rawValue))"))
            }
            options.appBundle = bundle
        }
        guard DeviceCatalogue.standard.deviceType(matching: options.device) != nil else {
            throw parsed.syntax.error(.invalidValue(option: "--device", given: options.device, expected: "a device type name or identifier (simctl list devicetypes)"))
        }
        return (options, seconds)
    }

    static func line(for run: ExploreRunSummary) -> String {
        "seed \(run.seed): \(run.events) events, "
            + (run.failedChecker.map { "checker \(VisibleText.escaped($0)) failed" } ?? "every check passed") + "\n"
    }

    static func summary(_ report: ExploreReport, options: ExploreOptions) -> String {
        let seeds = report.seeds.count == 1 ? "seed \(report.seeds[0])" : "seeds \(report.seeds.first ?? options.seed)–\(report.seeds.last ?? options.seed)"
        var text = "explored \(report.steps) events of \(options.appId) in \(report.seeds.count) runs (\(seeds))"
            + (report.stoppedByDeadline ? ", stopped by --time" : "") + "\n"
        if report.refusedCommands > 0 {
            text += "note: \(report.refusedCommands) generated commands were refused, first: "
                + VisibleText.escaped(report.refusals.joined(separator: "; ")) + "\n"
        }
        guard !report.failures.isEmpty else { return text + "no checker failed\n" }
        for failure in report.failures {
            text += "FAIL checker \(failure.checker) with seed \(failure.seed): \(VisibleText.escaped(failure.problems.joined(separator: "; ")))\n"
                + "  shrunk \(failure.foundCommandCount) commands to \(failure.commands.count) in \(failure.shrinkRuns) runs: "
                + VisibleText.escaped(failure.file) + "\n"
                + (failure.reproduces ? "" : "  warning: the written file did not fail the same way under simctl run's checks\n")
                + "  replay: \(VisibleText.escaped(failure.replayCommand))\n"
        }
        return text
    }

    /// One JSON object: `seed`, `seeds`, `steps`, `failures`, `checkers`, `files`, keys sorted.
    static func jsonLine(_ report: ExploreReport, options: ExploreOptions) -> String {
        let object: [String: Any] = [
            "seed": options.seed, "seeds": report.seeds, "steps": report.steps, "failures": report.failures.count,
            "checkers": report.failures.map(\.checker), "files": report.failures.map(\.file),
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
