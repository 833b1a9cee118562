#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing
import Live
import Scenarios
import Simulator

/// `simctl explore <app bundle id>`: explores an app with the live seams (a monotonic clock for
/// `--time`, a fresh seed when none is given, a temporary work folder); every decision is
/// ``Scenarios/ExploreCommandLine``'s. Exits with its status (0 nothing failed, 1 a checker
/// failed, 64 usage, 74 output).
enum ExploreCommand {
    static var command: Command {
        let table = ExploreCommandLine.syntax
        let syntax = CommandSyntax("explore", usage: SimctlSubcommand.explore.usage, options: table.options,
                                   positionals: table.positionals)
        return Command(.explore, syntax: syntax) { (invocation) throws(SimctlError) in
            let status = run(invocation)
            if status != 0 { exit(status) }
        }
    }

    private static func run(_ invocation: Invocation) -> Int32 {
        guard let context = LiveScenarioContext.make(deviceSet: { () throws -> DeviceSet in try invocation.deviceSet() }) else {
            invocation.output.standardError("error: cannot make a temporary folder in \(LiveScenarioContext.temporaryRoot) "
                + "(errno \(errno)); set TMPDIR to a writable folder\n")
            return ScenarioExitCode.output
        }
        let status = ExploreCommandLine.run(parsed: invocation.arguments, apps: ScenarioRunner.referenceApps, context: context)
        LiveScenarioContext.removeWorkFolder(context)
        return status
    }
}
