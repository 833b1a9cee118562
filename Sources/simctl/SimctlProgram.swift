import Apps
import ArgumentParsing
import Core
import Foundation
import Live
import Platform
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
            if name == "--version" {
                try output.standardOutput(PhotoSimVersion.line)
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
            try command.run(Invocation(arguments: parsed, global: global, output: output, subcommand: command.subcommand))
            return 0
        } catch {
            return report(error, output: output)
        }
    }

    /// Prints an error as ``SimctlPresentation/SimctlError`` presents it and returns its exit status.
    private func report(_ error: SimctlError, output: Output) -> Int32 {
        output.standardError(error.description + "\n")
        if let usage = error.usageAfterMessage { output.standardError(usage) }
        if case .unrecognizedSubcommand = error { _ = try? output.standardOutput(SimctlSubcommand.overview) }
        return error.exitCode
    }
}

/// What a subcommand's handler gets: its parsed arguments, the device set and the output.
struct Invocation {
    let arguments: ParsedArguments
    let global: GlobalOptions
    let output: Output
    /// The subcommand, named to other processes waiting for the set's lock, and to error messages.
    let subcommand: SimctlSubcommand

    /// The device set named by `--set` or the environment, with the live clock, randomness and
    /// lock waiting, and the lock bound from `PHOTOSIM_LOCK_TIMEOUT_SECONDS`.
    func deviceSet() throws(SimctlError) -> DeviceSet {
        try global.deviceSet(processName: "simctl " + subcommand.rawValue, apps: ReferenceApps.all)
    }

    /// Runs `body` on the device set, its errors presented as this subcommand's.
    func perform<Result>(_ body: (DeviceSet) throws(DeviceSetError) -> Result) throws(SimctlError) -> Result {
        let set = try deviceSet()
        do {
            return try body(set)
        } catch {
            throw SimctlError(error, subcommand: subcommand)
        }
    }

    /// The device the positional at `index` names (``DeviceStore/DeviceSelector/init(_:)``).
    func device(at index: Int) -> DeviceSelector { DeviceSelector(arguments[index]) }

    /// The devices the positionals from `index` on name.
    func devices(from index: Int) -> [DeviceSelector] { arguments.positionals.dropFirst(index).map { DeviceSelector($0) } }

    /// The bundle identifier `text` spells, or a usage error naming it.
    func bundleIdentifier(_ text: String) throws(SimctlError) -> BundleIdentifier {
        guard let bundle = BundleIdentifier(rawValue: text) else {
            throw .invalidArguments(subcommand: subcommand.rawValue, reason: "Invalid bundle identifier: \(text)")
        }
        return bundle
    }
}
