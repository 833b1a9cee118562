import ArgumentParsing
import Core
import Foundation
import Live
import Simulator

/// One run of the command line: global options, then the subcommand's table entry.
struct SimctlProgram {
    let arguments: [String]

    /// Runs the command and returns the exit status.
    func run() -> Int32 {
        let output = Output()
        do throws(SimctlError) {
            var global = try GlobalOptions.parse(arguments)
            guard let name = global.remaining.first, name != "--help", name != "-h" else {
                try output.standardOutput(SimctlSubcommand.overview)
                return 0
            }
            global.remaining.removeFirst()
            guard let command = CommandTable.command(named: name) else { throw .unrecognizedSubcommand(name) }
            let outcome: ParseOutcome
            do throws(ArgumentError) {
                outcome = try command.syntax.parse(global.remaining)
            } catch {
                throw .invalidArguments(subcommand: error.command, reason: error.description)
            }
            guard case .arguments(let parsed) = outcome else {
                try output.standardOutput(command.subcommand.usage)
                return 0
            }
            try command.run(Invocation(arguments: parsed, global: global, output: output, subcommand: name))
            return 0
        } catch {
            return report(error, output: output)
        }
    }

    /// Prints an error as Apple's `simctl` does and returns its exit status.
    private func report(_ error: SimctlError, output: Output) -> Int32 {
        output.standardError(error.description + "\n")
        switch error {
        case .unrecognizedSubcommand:
            _ = try? output.standardOutput(SimctlSubcommand.overview)
        case .invalidArguments(let name, _):
            if let subcommand = SimctlSubcommand(rawValue: name) { output.standardError(subcommand.usage) }
        case .unknownPrivacyService:
            output.standardError(SimctlSubcommand.privacy.usage)
        default:
            break
        }
        return error.exitCode
    }
}

/// What a subcommand's handler gets: its parsed arguments, the device set and the output.
struct Invocation {
    let arguments: ParsedArguments
    let global: GlobalOptions
    let output: Output
    /// The subcommand's name, as other processes waiting for the set's lock are told.
    let subcommand: String

    /// The device set named by `--set` or the environment, with the live clock, randomness and
    /// lock waiting, and the lock bound from `PHOTOSIM_LOCK_TIMEOUT_SECONDS`.
    func deviceSet() throws(SimctlError) -> DeviceSet {
        DeviceSet(path: try global.deviceSetPath(), fileSystem: POSIXFileSystem(), clock: SystemClock(), random: SystemRandom(),
                  lockWaiting: MonotonicLockWaiting(), lockTimeoutSeconds: try global.lockTimeoutSeconds(),
                  processName: "simctl " + subcommand)
    }
}
