import Core
import Foundation
import Live
import Platform
import Scenarios
import Simulator

/// `simctl run` for a team's own executable: the same command line
/// (``Scenarios/ScenarioCommandLine``: options, reports, sharding, Bazel's variables, exit codes)
/// with the team's apps registered beside the reference apps, under the executable's name.
///
/// ```swift
/// // Sources/teamapp-scenarios/main.swift
/// import ScenarioKit
/// exit(ScenarioMain.run(apps: [NotesApp.definition], arguments: CommandLine.arguments))
/// ```
///
/// `--help`, usage errors and every replay line name the executable (`teamapp-scenarios --seed 7
/// Scenarios/choose-photo.yaml`). Exit codes are ``Scenarios/ScenarioExitCode``'s.
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
    /// the default set (`PHOTOSIM_DEVICE_SET`, else `$XDG_DATA_HOME/photosim/Devices`, else
    /// `~/.photosim/Devices`).
    public static func run(apps: [AppDefinition], arguments: [String], output: ScenarioOutput = .standard,
                           workFolder: String? = nil) -> Int32 {
        let program = ScenarioProgram.executable(arguments.first.map { ($0 as NSString).lastPathComponent } ?? "scenarios")
        guard var context = LiveScenarioContext.make(deviceSet: { try defaultDeviceSet(program: program) }) else {
            output.standardError("\(program.errorPrefix)cannot make a temporary folder in \(LiveScenarioContext.temporaryRoot) "
                + "(errno \(errno)); set TMPDIR to a writable folder\n")
            return outputExitCode
        }
        if let workFolder {
            LiveScenarioContext.removeWorkFolder(context)
            context.workFolder = workFolder
        }
        if !output.isProcessStreams {
            context.standardOutput = { output.standardOutput($0); return true }
            context.standardError = output.standardError
            context.standardErrorIsTerminal = false
        }
        defer { if workFolder == nil { LiveScenarioContext.removeWorkFolder(context) } }
        return ScenarioCommandLine.run(arguments: Array(arguments.dropFirst()), apps: registry(adding: apps),
                                       context: context, program: program)
    }

    /// The reference apps and `apps`; an app of `apps` replaces a reference app of the same bundle identifier.
    static func registry(adding apps: [AppDefinition]) -> [AppDefinition] {
        let added = Set(apps.map(\.bundleIdentifier))
        return ScenarioRunner.referenceApps.filter { !added.contains($0.bundleIdentifier) } + apps
    }

    /// The default device set, as `simctl` finds it without `--set`.
    private static func defaultDeviceSet(program: ScenarioProgram) throws -> DeviceSet {
        guard let path = try DeviceSetLocation.defaultPath(environment: ProcessInfo.processInfo.environment) else {
            throw DeviceSetChoiceError(message: "no device set: set \(DeviceSetLocation.environmentVariable) or HOME")
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
