import ArgumentParsing
import Simulator

/// The subcommands, one table entry each: their argument table and their handler (each in its
/// own file under `Commands/`).
enum CommandTable {
    static var entries: [Command] {[
        AddMediaCommand.command, AppInfoCommand.command, BootCommand.command, BootStatusCommand.command,
        CloneCommand.command, CreateCommand.command, DeleteCommand.command, EraseCommand.command,
        GetAppContainerCommand.command, GetEnvCommand.command, HelpCommand.command, InstallCommand.command,
        IOCommand.command, LaunchCommand.command, ListCommand.command, ListAppsCommand.command,
        LocationCommand.command, MediaCommand.command, OpenURLCommand.command, PrivacyCommand.command, RenameCommand.command,
        RunCommand.command, ExploreCommand.command, ShutdownCommand.command, SpawnCommand.command, TerminateCommand.command, UninstallCommand.command,
    ]}

    static func command(named name: String) -> Command? {
        entries.first { $0.subcommand.rawValue == name }
    }
}

/// One subcommand's table entry.
struct Command: Sendable {
    let subcommand: SimctlSubcommand
    /// Its options and positionals; `--help` prints ``SimctlPresentation/SimctlSubcommand/usage``.
    let syntax: CommandSyntax
    let run: @Sendable (Invocation) throws(SimctlError) -> Void

    /// A subcommand whose words after its first positional may start with `-` (a file named
    /// `-x.jpg`, an argument handed to a launched app), as Apple's take them.
    init(_ subcommand: SimctlSubcommand, positionalCount: ClosedRange<Int>, options: [OptionSyntax] = [],
         run: @escaping @Sendable (Invocation) throws(SimctlError) -> Void) {
        self.subcommand = subcommand
        self.syntax = CommandSyntax(subcommand.rawValue, usage: subcommand.usage, options: options,
                                    positionals: PositionalSyntax("<argument>", count: positionalCount),
                                    passesUnknownDashWordsAfterPositionals: true)
        self.run = run
    }

    /// A subcommand with a table of its own (options anywhere among the positionals).
    init(_ subcommand: SimctlSubcommand, syntax: CommandSyntax, run: @escaping @Sendable (Invocation) throws(SimctlError) -> Void) {
        self.subcommand = subcommand
        self.syntax = syntax
        self.run = run
    }
}
