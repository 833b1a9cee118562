import ArgumentParsing
import Core
import Foundation
import Live
import Platform
import Scenarios
import Simulator

/// `simctl run` for a team's own executable: the same command line
/// (``Scenarios/ScenarioCommandLine``: options, reports, sharding, Bazel's variables, exit codes,
/// `--checkers`, `--skip-checkers`, `--list-checkers`) for the team's apps, under the
/// executable's name. Only the apps given are known (add `ReferenceApps.all` from the `Apps`
/// product to run the reference apps too), with their own checkers, the platform's, and
/// `checkers` added to every app.
///
/// ```swift
/// // Sources/teamapp-scenarios/main.swift
/// import ScenarioKit
/// exit(ScenarioMain.run(apps: [NotesApp.definition], arguments: CommandLine.arguments))
/// exit(ScenarioMain.run(apps: [NotesApp.definition], checkers: [TeamCheckers.noEmptyNote],
///                       arguments: CommandLine.arguments))
/// ```
///
/// `--help`, usage errors and every replay line name the executable (`teamapp-scenarios --seed 7
/// Scenarios/choose-photo.yaml`). It also takes `--set PATH`, the device set `--device` names,
/// which `simctl` takes before `run`. Exit codes are ``Scenarios/ScenarioExitCode``'s.
public enum ScenarioMain {
    /// Every selected scenario passed (also when the tags or the shard select none).
    public static let successExitCode = ScenarioExitCode.passed
    /// At least one scenario failed.
    public static let failureExitCode = ScenarioExitCode.failed
    /// The command line is wrong (`EX_USAGE`, sysexits.h).
    public static let usageExitCode = ScenarioExitCode.usage
    /// A scenario file is invalid (`EX_DATAERR`, sysexits.h); nothing ran.
    public static let invalidScenarioExitCode = ScenarioExitCode.invalidScenario
    /// A report could not be written, or `--device`'s set could not be opened (`EX_IOERR`).
    public static let outputExitCode = ScenarioExitCode.output

    /// Runs the command line `arguments` (`arguments[0]` is the program; its last path component
    /// names it) with `apps` registered, and returns the exit code. Reports go to `output`;
    /// temporary devices are made under `workFolder` (default: a new folder under `TMPDIR`,
    /// removed afterwards unless `--keep` kept a device in it). `--device` names a device of
    /// the set `--set PATH` gives, else of the default set (`PHOTOSIM_DEVICE_SET`, else
    /// `$XDG_DATA_HOME/photosim/Devices`, else `~/.photosim/Devices`).
    public static func run(apps: [AppDefinition], checkers: [AppChecker] = [], arguments: [String],
                           output: ScenarioOutput = .standard, workFolder: String? = nil) -> Int32 {
        let program = ScenarioProgram.executable(arguments.first.map { ($0 as NSString).lastPathComponent } ?? "scenarios")
        let setPath: String?, remaining: [String]
        do throws(ArgumentError) {
            (setPath, remaining) = try takingSetOption(from: Array(arguments.dropFirst()), program: program)
        } catch {
            output.standardError(program.errorPrefix + error.description + "\n"
                + ScenarioCommandLine.usageLine(program: program) + "\n")
            return usageExitCode
        }
        guard var context = LiveScenarioContext.make(deviceSet: { try deviceSet(at: setPath, program: program, apps: apps) }) else {
            output.standardError("\(program.errorPrefix)cannot make a temporary folder in \(LiveScenarioContext.temporaryRoot) "
                + "(errno \(errno)); set TMPDIR to a writable folder\n")
            return outputExitCode
        }
        if let workFolder {
            LiveScenarioContext.removeWorkFolder(context)
            context.workFolder = workFolder
            context.workFolderOwner = nil
        }
        if !output.isProcessStreams {
            context.standardOutput = { output.standardOutput($0); return true }
            context.standardError = output.standardError
            context.standardErrorIsTerminal = false
        }
        defer { if workFolder == nil { LiveScenarioContext.removeWorkFolder(context) } }
        return ScenarioCommandLine.run(arguments: remaining, apps: apps, checkers: checkers, context: context,
                                       program: program)
    }

    /// `--set PATH` (or `--set=PATH`) wherever it is before a `--`, and the other arguments in
    /// order (``ArgumentParsing/SetPathOption``, simctl's own parser and messages).
    static func takingSetOption(from arguments: [String],
                                program: ScenarioProgram) throws(ArgumentError) -> (setPath: String?, remaining: [String]) {
        let taken = try SetPathOption.take(from: arguments, command: program.commandName,
                                           usage: ScenarioCommandLine.usageLine(program: program), leadingOnly: false)
        return (taken.path, taken.remaining)
    }

    /// The device set at `given` (relative to the current folder), else the default one, as
    /// `simctl` opens it (``Live/LiveDeviceSet``: the same variables, lock bound included).
    private static func deviceSet(at given: String?, program: ScenarioProgram, apps: [AppDefinition]) throws -> DeviceSet {
        try LiveDeviceSet.open(given: given, environment: ProcessInfo.processInfo.environment, processName: program.invocation,
                               apps: apps)
    }
}
