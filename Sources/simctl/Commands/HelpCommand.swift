import Simulator

/// `simctl help [subcommand]`
enum HelpCommand {
    static var command: Command { Command(.help, positionalCount: 0...1) { (invocation) throws(SimctlError) in
        guard let name = invocation.arguments.optional(0) else {
            try invocation.output.standardOutput(SimctlSubcommand.overview)
            return
        }
        guard let subcommand = SimctlSubcommand(rawValue: name) else { throw .unrecognizedSubcommand(name) }
        try invocation.output.standardOutput(subcommand.usage)
    } }
}
