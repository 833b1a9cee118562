import Simulator

/// The subcommands, one table entry each: how many positional arguments they take, which
/// flags, and the handler (each in its own file under `Commands/`).
enum CommandTable {
    static var entries: [Command] {[
        AddMediaCommand.command, BootCommand.command, CreateCommand.command, DeleteCommand.command,
        EraseCommand.command, GetAppContainerCommand.command, HelpCommand.command, LaunchCommand.command,
        ListCommand.command, ListAppsCommand.command, MediaCommand.command, PrivacyCommand.command,
        ShutdownCommand.command, TerminateCommand.command,
    ]}

    static func command(named name: String) -> Command? {
        entries.first { $0.subcommand.rawValue == name }
    }
}

/// One subcommand's table entry.
struct Command: Sendable {
    let subcommand: SimctlSubcommand
    /// How many positional arguments it takes.
    let positionalCount: ClosedRange<Int>
    /// Flags it accepts, each with its aliases (`["-j", "--json"]`).
    let flags: [[String]]
    let run: @Sendable (Invocation) throws(SimctlError) -> Void

    init(_ subcommand: SimctlSubcommand, positionalCount: ClosedRange<Int>, flags: [[String]] = [],
         run: @escaping @Sendable (Invocation) throws(SimctlError) -> Void) {
        self.subcommand = subcommand
        self.positionalCount = positionalCount
        self.flags = flags
        self.run = run
    }

    /// Splits arguments into flags (by their first spelling) and positionals, and checks counts.
    /// `--` ends the options: every argument after it is positional (`addmedia booted -- -x.jpg`).
    /// An empty argument names nothing and is refused by position.
    func parse(_ arguments: [String]) throws(SimctlError) -> ParsedArguments {
        var parsed = ParsedArguments(positionals: [], flags: [])
        var optionsEnded = false
        for (index, argument) in arguments.enumerated() {
            if argument.isEmpty {
                throw .invalidArguments(subcommand: subcommand.rawValue, reason:
                    "Argument \(index + 1) of \(subcommand.rawValue) is empty; an empty name or path names nothing.")
            }
            if optionsEnded {
                parsed.positionals.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if let spellings = flags.first(where: { $0.contains(argument) }) {
                parsed.flags.insert(spellings[0])
            } else if argument.hasPrefix("-") && argument.count > 1 && parsed.positionals.isEmpty {
                throw .invalidArguments(subcommand: subcommand.rawValue, reason: "Unknown option: \(argument)")
            } else {
                parsed.positionals.append(argument)
            }
        }
        try checkCount(parsed.positionals)
        return parsed
    }

    /// Says how many arguments the subcommand takes and what was given, with a hint for
    /// unquoted spaces when there are too many.
    private func checkCount(_ positionals: [String]) throws(SimctlError) {
        guard !positionalCount.contains(positionals.count) else { return }
        let (low, high) = (positionalCount.lowerBound, positionalCount.upperBound)
        let takes = low == high ? "\(low)" : positionals.count < low ? "at least \(low)" : "at most \(high)"
        let given = positionals.isEmpty ? "none" : "\(positionals.count) (\(positionals.joined(separator: " ")))"
        let (problem, hint) = positionals.count < low ? ("Missing", "") : ("Too many", " Quote names that contain spaces.")
        throw .invalidArguments(subcommand: subcommand.rawValue, reason:
            "\(problem) arguments for \(subcommand.rawValue): it takes \(takes), got \(given).\(hint)")
    }
}

/// A subcommand's arguments after flag parsing.
struct ParsedArguments {
    var positionals: [String]
    /// Each flag given, by its first spelling.
    var flags: Set<String>

    subscript(index: Int) -> String { positionals[index] }

    /// The positional at `index`, or `nil` when there are fewer.
    func optional(_ index: Int) -> String? { index < positionals.count ? positionals[index] : nil }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
}
