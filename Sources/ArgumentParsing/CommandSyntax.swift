/// One command's argument table: its options, its positional arguments and its usage text.
///
/// Each command has its own table, so one spelling can be a flag for one command and take a
/// value for another (`list -j` prints JSON; `run -j 2` runs two at once). ``parse(_:)`` turns
/// arguments into ``ParsedArguments`` or asks for help; mistakes are ``ArgumentError``s that
/// carry the usage to show.
///
/// ```swift
/// let list = CommandSyntax("list", usage: "Usage: simctl list [-j] [<type>]",
///                          options: [.flag(["-j", "--json"])],
///                          positionals: PositionalSyntax("<type>", count: 0...1))
/// guard case .arguments(let parsed) = try list.parse(["-j", "devices"]) else { /* print list.usage */ }
/// parsed.has("-j")       // true
/// parsed.positionals     // ["devices"]
/// ```
public struct CommandSyntax: Sendable, Equatable {
    /// The command's name, as messages name it (`create`, `images`).
    public let name: String
    /// The text printed for `--help`, and after a mistake.
    public let usage: String
    public let options: [OptionSyntax]
    public let positionals: PositionalSyntax
    /// When true, an argument that starts with `-` but is no option of the table is a positional
    /// once a positional has been given (`simctl launch booted com.example.App -verbose` hands
    /// `-verbose` to the app); before that it is an unknown option. When false it is always an
    /// unknown option (write `--` before such a positional).
    public let passesUnknownDashWordsAfterPositionals: Bool
    /// The spellings that ask for the usage (`-h`, `--help`); given anywhere before `--`.
    public let helpSpellings: [String]

    /// Traps when two rows share a spelling or a row uses a help spelling: only a table written
    /// wrongly can.
    public init(_ name: String, usage: String, options: [OptionSyntax] = [], positionals: PositionalSyntax = .none,
                passesUnknownDashWordsAfterPositionals: Bool = false, helpSpellings: [String] = ["-h", "--help"]) {
        let spellings = options.flatMap(\.spellings) + helpSpellings
        precondition(Set(spellings).count == spellings.count, "\(name): a spelling appears twice in \(spellings)")
        self.name = name
        self.usage = usage
        self.options = options
        self.positionals = positionals
        self.passesUnknownDashWordsAfterPositionals = passesUnknownDashWordsAfterPositionals
        self.helpSpellings = helpSpellings
    }

    /// The row one of whose spellings is `spelling`.
    public func option(spelt spelling: String) -> OptionSyntax? {
        options.first { $0.spellings.contains(spelling) }
    }
}

/// What parsing found: arguments to run with, or a request for the usage.
public enum ParseOutcome: Sendable, Equatable {
    case arguments(ParsedArguments)
    /// `-h` or `--help` was given: print ``CommandSyntax/usage`` and succeed.
    case help
}
