extension CommandSyntax {
    /// A one-line synopsis from the table: `<program> <name> [-j N] [--json] <file|folder>...`.
    /// A repeatable option is followed by `...`; the positionals by `...` when more than one may be given.
    public static func synopsis(program: String, name: String, options: [OptionSyntax], positionals: PositionalSyntax) -> String {
        var words = [program, name].filter { !$0.isEmpty }
        for option in options {
            let value = option.placeholder.map { " " + $0 } ?? ""
            words.append("[\(option.spellings.joined(separator: " | "))\(value)]" + (option.repeatable ? "..." : ""))
        }
        if positionals.count.upperBound > 0 {
            let many = positionals.count.upperBound > 1 ? "..." : ""
            words.append(positionals.count.lowerBound == 0 ? "[\(positionals.placeholder)]\(many)" : positionals.placeholder + many)
        }
        return words.joined(separator: " ")
    }

    /// One line per option (`  --seed N      the seed`), and one for `-h, --help`, aligned.
    public static func optionLines(_ options: [OptionSyntax], helpSpellings: [String] = ["-h", "--help"]) -> [String] {
        var rows = options.map { option in
            (option.spellings.joined(separator: ", ") + (option.placeholder.map { " " + $0 } ?? ""), option.help)
        }
        rows.append((helpSpellings.joined(separator: ", "), "print this help"))
        let width = rows.map(\.0.count).max()! + 2
        return rows.map { "  " + $0.0.padding(toWidth: width) + $0.1 }
    }
}

extension String {
    /// The text followed by spaces up to `width` characters (unchanged when already as wide).
    func padding(toWidth width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
