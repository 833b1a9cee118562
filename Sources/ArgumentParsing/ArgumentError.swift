/// A command-line mistake: what was wrong, for which command, and the usage to show after it.
///
/// ``description`` is one sentence that names what was typed and what is expected;
/// the program prints it, then ``usage``, and exits with `EX_USAGE` (64).
public struct ArgumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Equatable {
        /// A word starting with `-` that is no option of the command.
        case unknownOption(String)
        /// An option that takes a value came last.
        case missingValue(option: String, placeholder: String)
        /// A value that does not convert: `--seed abc` where a whole number is expected.
        case invalidValue(option: String, given: String, expected: String)
        /// `--json=yes`: a flag takes no value.
        case valueForFlag(option: String, given: String)
        /// An option that may be given once was given again.
        case repeatedOption(option: String, first: String, second: String)
        /// An empty argument (`""`), by its position among the command's arguments, from 1.
        case emptyArgument(position: Int)
        /// Too few or too many positional arguments.
        case wrongPositionalCount(given: [String], expected: ClosedRange<Int>)
        /// A mistake the command itself found after parsing (`Unknown action: zap. Use ...`).
        case other(String)
    }

    public let kind: Kind
    /// The command's name (`create`, `images`).
    public let command: String
    /// The command's usage text, shown after the message.
    public let usage: String

    public init(_ kind: Kind, command: String, usage: String) {
        self.kind = kind
        self.command = command
        self.usage = usage
    }

    public var description: String {
        switch kind {
        case .unknownOption(let option):
            return "Unknown option: \(option)"
        case .missingValue(let option, let placeholder):
            return "\(option) needs a value (\(placeholder))."
        case .invalidValue(let option, let given, let expected):
            return "\(option) needs \(expected), not `\(given)`."
        case .valueForFlag(let option, let given):
            return "\(option) takes no value, not `\(given)`."
        case .repeatedOption(let option, let first, let second):
            return "\(option) was given twice (\(first), then \(second)); give it once."
        case .emptyArgument(let position):
            return "Argument \(position) of \(command) is empty; an empty name or path names nothing."
        case .wrongPositionalCount(let given, let expected):
            return ArgumentError.countMessage(command: command, given: given, expected: expected)
        case .other(let message):
            return message
        }
    }

    /// `Missing arguments for create: it takes at least 2, got 1 (x).`, with a hint about
    /// quoting when there are too many.
    private static func countMessage(command: String, given: [String], expected: ClosedRange<Int>) -> String {
        let (low, high) = (expected.lowerBound, expected.upperBound)
        let takes = low == high ? "\(low)" : given.count < low ? "at least \(low)" : "at most \(high)"
        let listed = given.isEmpty ? "none" : "\(given.count) (\(given.joined(separator: " ")))"
        let (problem, hint) = given.count < low ? ("Missing", "") : ("Too many", " Quote names that contain spaces.")
        return "\(problem) arguments for \(command): it takes \(takes), got \(listed).\(hint)"
    }
}
