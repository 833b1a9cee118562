#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing
import Live
import Scenarios
import Simulator

/// A scenario verb (`run`, `explore`) on the live seams (``Live/LiveScenarioContext``): the
/// table's options under the subcommand's usage, a temporary work folder made before and removed
/// after, and the status the library's command line decides as the exit status.
enum LiveScenarioCommand {
    static func command(_ subcommand: SimctlSubcommand, table: CommandSyntax,
                        run: @escaping @Sendable (ParsedArguments, ScenarioCommandContext) -> Int32) -> Command {
        let syntax = CommandSyntax(subcommand.rawValue, usage: subcommand.usage, options: table.options,
                                   positionals: table.positionals)
        return Command(subcommand, syntax: syntax) { (invocation) throws(SimctlError) in
            let status = status(of: invocation, run: run)
            if status != 0 { exit(status) }
        }
    }

    private static func status(of invocation: Invocation, run: (ParsedArguments, ScenarioCommandContext) -> Int32) -> Int32 {
        guard let context = LiveScenarioContext.make(deviceSet: { () throws -> DeviceSet in try invocation.deviceSet() }) else {
            invocation.output.standardError("error: cannot make a temporary folder in \(LiveScenarioContext.temporaryRoot) "
                + "(errno \(errno)); set TMPDIR to a writable folder\n")
            return ScenarioExitCode.output
        }
        let status = run(invocation.arguments, context)
        LiveScenarioContext.removeWorkFolder(context)
        return status
    }
}
