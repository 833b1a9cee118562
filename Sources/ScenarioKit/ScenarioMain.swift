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
        guard var context = LiveScenarioContext.make(deviceSet: { try deviceSet(at: setPath, program: program) }) else {
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

    /// `--set PATH` (or `--set=PATH`) wherever it is, and the other arguments in order. The path
    /// must not be empty or look like an option (`./-name` for a folder whose name starts with `-`).
    static func takingSetOption(from arguments: [String],
                                program: ScenarioProgram) throws(ArgumentError) -> (setPath: String?, remaining: [String]) {
        var setPath: String?
        var remaining: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value: String?
            if argument == "--" {
                remaining += arguments[index...]
                break
            } else if argument == "--set" {
                value = index + 1 < arguments.count ? arguments[index + 1] : nil
                index += 2
            } else if argument.hasPrefix("--set=") {
                value = String(argument.dropFirst("--set=".count))
                index += 1
            } else {
                remaining.append(argument)
                index += 1
                continue
            }
            let usage = ScenarioCommandLine.usageLine(program: program)
            if let setPath {
                throw ArgumentError(.repeatedOption(option: "--set", first: setPath, second: value ?? ""),
                                    command: program.commandName, usage: usage)
            }
            guard let value else {
                throw ArgumentError(.missingValue(option: "--set", placeholder: "PATH"), command: program.commandName, usage: usage)
            }
            guard !value.isEmpty, !value.hasPrefix("-") else {
                throw ArgumentError(.invalidValue(option: "--set", given: value,
                                                  expected: "a folder path (for one whose name starts with -, write ./\(value))"),
                                    command: program.commandName, usage: usage)
            }
            setPath = value
        }
        return (setPath, remaining)
    }

    /// The device set at `given` (relative to the current folder), else the default one, as
    /// `simctl` finds it without `--set`.
    private static func deviceSet(at given: String?, program: ScenarioProgram) throws -> DeviceSet {
        guard let path = try DeviceSetLocation.chosenPath(given: given, environment: ProcessInfo.processInfo.environment,
                                                          currentFolder: FileManager.default.currentDirectoryPath) else {
            throw DeviceSetChoiceError(message: "no device set: pass --set PATH, or set \(DeviceSetLocation.environmentVariable) or HOME")
        }
        return DeviceSet(path: path, fileSystem: POSIXFileSystem(), clock: SystemClock(), random: SystemRandom(),
                         lockWaiting: MonotonicLockWaiting(), processName: program.invocation)
    }
}

/// No device set could be chosen for `--device`.
struct DeviceSetChoiceError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
