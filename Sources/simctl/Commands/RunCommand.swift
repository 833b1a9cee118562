#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing
import Live
import Scenarios
import Simulator

/// `simctl run <file|folder>...`: runs scenario files with the live seams
/// (``Live/LiveScenarioContext``); every decision is ``Scenarios/ScenarioCommandLine``'s. Exits
/// with its status (0 passed, 1 failed, 64 usage, 65 invalid file, 74 output).
enum RunCommand {
    static var command: Command {
        let table = ScenarioCommandLine.syntax
        let syntax = CommandSyntax("run", usage: SimctlSubcommand.run.usage, options: table.options,
                                   positionals: table.positionals)
        return Command(.run, syntax: syntax) { (invocation) throws(SimctlError) in
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
        let status = ScenarioCommandLine.run(parsed: invocation.arguments, apps: ScenarioRunner.referenceApps, context: context)
        LiveScenarioContext.removeWorkFolder(context)
        return status
    }
}
