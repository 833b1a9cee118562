import Foundation
import Simulator

/// `simctl launch [--console|--console-pty] [--terminate-running-process] <device> <bundle id> [<argv>...]`:
/// prints `<bundle id>: <pid>` as Apple's does. The words after the bundle identifier are the
/// app's arguments, and the `SIMCTL_CHILD_`-prefixed variables of simctl's environment reach
/// the app without the prefix, as Apple's `simctl help launch` says.
enum LaunchCommand {
    static var command: Command {
        Command(.launch, positionalCount: 2...Int.max,
                options: [.flag(["--terminate-running-process"]), .flag(["--console"]), .flag(["--console-pty"])]) {
            (invocation) throws(SimctlError) in
            let arguments = invocation.arguments
            let bundle = try invocation.bundleIdentifier(arguments[1])
            let environment = DeviceSet.childEnvironment(of: ProcessInfo.processInfo.environment)
            let launched = try invocation.perform { (set) throws(DeviceSetError) in
                try set.launchApplication(invocation.device(at: 0), bundleIdentifier: bundle,
                                          terminatingRunningProcess: arguments.has("--terminate-running-process"),
                                          arguments: Array(arguments.positionals.dropFirst(2)), environment: environment)
            }
            try invocation.output.standardOutput("\(arguments[1]): \(launched.pid)\n")
            if arguments.has("--console") || arguments.has("--console-pty"), let console = launched.console, !console.isEmpty {
                try invocation.output.standardOutput(console.hasSuffix("\n") ? console : console + "\n")
            }
        }
    }
}
