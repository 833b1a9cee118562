/// One row of a command's option table: its spellings, whether it takes a value, and its help.
///
/// The first spelling is the option's name: parsed arguments are looked up by any spelling and
/// errors name the one that was typed.
///
/// ```swift
/// let json = OptionSyntax.flag(["-j", "--json"], help: "print JSON")
/// let seed = OptionSyntax.value(["--seed"], placeholder: "N", help: "the seed")
/// let tags = OptionSyntax.value(["--include-tags"], placeholder: "T", help: "run only these", repeatable: true)
/// ```
public struct OptionSyntax: Sendable, Equatable {
    /// The spellings, the name first (`["-j", "--json"]`).
    public let spellings: [String]
    /// The placeholder shown for the value (`N`, `PATH`), or `nil` for a flag, which takes none.
    public let placeholder: String?
    /// Whether the option may be given more than once, each value kept in order. A flag given
    /// twice is always allowed (it is on either way).
    public let repeatable: Bool
    /// One line for the command's help.
    public let help: String

    /// A flag: present or absent, never with a value.
    public static func flag(_ spellings: [String], help: String = "") -> OptionSyntax {
        OptionSyntax(spellings: spellings, placeholder: nil, repeatable: false, help: help)
    }

    /// An option with a value, given as `--name value` or `--name=value`.
    public static func value(_ spellings: [String], placeholder: String, help: String = "", repeatable: Bool = false) -> OptionSyntax {
        OptionSyntax(spellings: spellings, placeholder: placeholder, repeatable: repeatable, help: help)
    }

    /// Traps on a row without spellings, or a spelling that does not start with `-`: only a
    /// table written wrongly can have one.
    public init(spellings: [String], placeholder: String?, repeatable: Bool, help: String) {
        precondition(!spellings.isEmpty && spellings.allSatisfy { $0.count > 1 && $0.hasPrefix("-") && !$0.contains("=") },
                     "an option is spelt -x or --name: \(spellings)")
        self.spellings = spellings
        self.placeholder = placeholder
        self.repeatable = repeatable
        self.help = help
    }

    /// The name the option is known by: its first spelling.
    public var name: String { spellings[0] }

    /// Whether the option takes a value.
    public var takesValue: Bool { placeholder != nil }
}
