extension CommandSyntax {
    /// Parses a command's arguments (those after its name) by the table.
    ///
    /// - `-h`/`--help` anywhere before `--` asks for the usage, whatever else is wrong.
    /// - A flag is on when given, by any spelling; giving it twice is harmless.
    /// - An option with a value takes the next argument (`--seed 7`, even `--seed -1`) or the
    ///   text after `=` (`--seed=7`); a repeatable one keeps every value in order, any other one
    ///   may be given once.
    /// - `--` ends the options: every later argument is positional (`addmedia booted -- -x.jpg`).
    /// - An empty argument names nothing and is refused by position.
    /// - The positionals are counted against the table's range last.
    public func parse(_ arguments: [String]) throws(ArgumentError) -> ParseOutcome {
        let beforeTerminator = arguments.prefix { $0 != "--" }
        if beforeTerminator.contains(where: helpSpellings.contains) { return .help }
        var parsed = ParsedArguments(syntax: self)
        var remaining = arguments.enumerated().makeIterator()
        var optionsEnded = false
        while let (index, argument) = remaining.next() {
            guard !argument.isEmpty else { throw error(.emptyArgument(position: index + 1)) }
            if optionsEnded {
                parsed.positionals.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if let (option, inlineValue) = match(argument) {
                try take(option, spelt: argument, inlineValue: inlineValue, into: &parsed) { () throws(ArgumentError) in
                    guard let (nextIndex, next) = remaining.next() else { throw error(.missingValue(option: argument, placeholder: option.placeholder!)) }
                    guard !next.isEmpty else { throw error(.emptyArgument(position: nextIndex + 1)) }
                    return next
                }
            } else if isDashWord(argument) && !(passesUnknownDashWordsAfterPositionals && !parsed.positionals.isEmpty) {
                throw error(.unknownOption(argument))
            } else {
                parsed.positionals.append(argument)
            }
        }
        try checkCount(parsed.positionals)
        return .arguments(parsed)
    }

    /// An error about this command, carrying its name and usage.
    public func error(_ kind: ArgumentError.Kind) -> ArgumentError {
        ArgumentError(kind, command: name, usage: usage)
    }

    /// The row an argument names, and the value written after `=` (`--seed=7`), if any.
    private func match(_ argument: String) -> (OptionSyntax, String?)? {
        if let option = option(spelt: argument) { return (option, nil) }
        guard let equals = argument.firstIndex(of: "="), let option = option(spelt: String(argument[..<equals])) else { return nil }
        return (option, String(argument[argument.index(after: equals)...]))
    }

    /// Records one option; `nextValue` supplies the following argument when the value was not inline.
    private func take(_ option: OptionSyntax, spelt spelling: String, inlineValue: String?, into parsed: inout ParsedArguments,
                      nextValue: () throws(ArgumentError) -> String) throws(ArgumentError) {
        let spelled = inlineValue == nil ? spelling : String(spelling.prefix { $0 != "=" })
        guard option.takesValue else {
            if let inlineValue { throw error(.valueForFlag(option: spelled, given: inlineValue)) }
            parsed.flags.insert(option.name)
            return
        }
        let value: String
        if let inlineValue { value = inlineValue } else { value = try nextValue() }
        if !option.repeatable, let earlier = parsed.values[option.name]?.first {
            throw error(.repeatedOption(option: spelled, first: earlier, second: value))
        }
        guard !value.isEmpty else { throw error(.invalidValue(option: spelled, given: value, expected: "a value (\(option.placeholder!))")) }
        parsed.values[option.name, default: []].append(value)
        parsed.spellings[option.name] = spelled
    }

    /// `-x`, `--name`: an argument that looks like an option. `-` alone (standard input) does not.
    private func isDashWord(_ argument: String) -> Bool { argument.hasPrefix("-") && argument.count > 1 }

    /// Says how many arguments the command takes and what was given, with a hint for unquoted
    /// spaces when there are too many.
    private func checkCount(_ given: [String]) throws(ArgumentError) {
        guard !positionals.count.contains(given.count) else { return }
        throw error(.wrongPositionalCount(given: given, expected: positionals.count))
    }
}
