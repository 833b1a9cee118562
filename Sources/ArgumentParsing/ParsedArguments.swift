/// A command's arguments after parsing: positionals in order, flags given, option values.
///
/// Options are looked up by any of their spellings; typed look-ups convert the text and fail
/// with an ``ArgumentError`` that names the option as typed, what was given and what is expected.
public struct ParsedArguments: Sendable, Equatable {
    /// The table the arguments were parsed by.
    public let syntax: CommandSyntax
    public internal(set) var positionals: [String] = []
    /// Each flag given, by its name (first spelling).
    var flags: Set<String> = []
    /// Each option's values in the order given, by its name.
    var values: [String: [String]] = [:]
    /// How each option with a value was typed, by its name, for messages.
    var spellings: [String: String] = [:]

    init(syntax: CommandSyntax) {
        self.syntax = syntax
    }

    /// The positional at `index`; traps past the end, which the table's count rules out.
    public subscript(index: Int) -> String { positionals[index] }

    /// The positional at `index`, or `nil` when there are fewer.
    public func optional(_ index: Int) -> String? { index < positionals.count ? positionals[index] : nil }

    /// Whether a flag was given. Traps when `spelling` is no flag of the table.
    public func has(_ spelling: String) -> Bool {
        let option = row(spelling)
        precondition(!option.takesValue, "\(spelling) takes a value; use value(_:) or values(_:)")
        return flags.contains(option.name)
    }

    /// An option's value as typed, or `nil` when it was not given.
    public func text(_ spelling: String) -> String? { values[row(spelling).name]?.last }

    /// An option's values as typed, in order; empty when it was not given.
    public func texts(_ spelling: String) -> [String] { values[row(spelling).name] ?? [] }

    /// An option's value converted to `Value`, or `nil` when it was not given.
    public func value<Value: ArgumentValue>(_ spelling: String, as type: Value.Type = Value.self) throws(ArgumentError) -> Value? {
        try texts(spelling).last.map { (text) throws(ArgumentError) in try convert(text, option: spelling) }
    }

    /// Every value of a repeatable option converted to `Value`, in order.
    public func values<Value: ArgumentValue>(_ spelling: String, as type: Value.Type = Value.self) throws(ArgumentError) -> [Value] {
        var converted: [Value] = []
        for text in texts(spelling) { converted.append(try convert(text, option: spelling)) }
        return converted
    }

    /// The positional at `index` converted to `Value`, named in an error by `placeholder`.
    public func positional<Value: ArgumentValue>(_ index: Int, as type: Value.Type = Value.self, named placeholder: String) throws(ArgumentError) -> Value {
        guard let value = Value(argument: positionals[index]) else {
            throw syntax.error(.invalidValue(option: placeholder, given: positionals[index], expected: Value.expectation))
        }
        return value
    }

    private func convert<Value: ArgumentValue>(_ text: String, option spelling: String) throws(ArgumentError) -> Value {
        guard let value = Value(argument: text) else {
            let name = row(spelling).name
            throw syntax.error(.invalidValue(option: spellings[name] ?? name, given: text, expected: Value.expectation))
        }
        return value
    }

    /// The table's row for a spelling. Traps on a spelling the table does not have: a typo in
    /// the caller, never a user's mistake.
    private func row(_ spelling: String) -> OptionSyntax {
        guard let option = syntax.option(spelt: spelling) else { preconditionFailure("\(syntax.name) has no option \(spelling)") }
        return option
    }
}
