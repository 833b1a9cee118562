/// `--set PATH` (or `--set=PATH`): the device set, read the same way by `simctl` (before its
/// subcommand, as Apple's `simctl [--set <path>]`) and by a team's scenario runner (anywhere
/// among its arguments), with one set of messages.
///
/// The path may not be empty or look like an option: `--set --` or `--set -j` is a slip, not a
/// folder, and a folder whose name starts with `-` is given as `./-name`. Given twice, it is
/// refused rather than one of the two silently winning.
///
/// ```swift
/// let (path, rest) = try SetPathOption.take(from: ["--set", "devs", "list"], command: "simctl", usage: usage,
///                                           leadingOnly: true)   // ("devs", ["list"])
/// ```
public enum SetPathOption {
    /// The option's spelling.
    public static let name = "--set"

    /// The set path and the other arguments in order.
    ///
    /// - Parameters:
    ///   - leadingOnly: read only the options before the first other argument (simctl's global
    ///     options); `false` reads `--set` anywhere before a `--`.
    ///   - ignoring: other options of that place that take a path and are accepted without
    ///     effect (simctl's `--profiles`), checked as `--set` is.
    public static func take(from arguments: [String], command: String, usage: String, leadingOnly: Bool,
                            ignoring ignored: [String] = []) throws(ArgumentError) -> (path: String?, remaining: [String]) {
        var path: String?
        var remaining: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard let (option, value, width) = optionAt(index, in: arguments, names: [name] + ignored) else {
                if argument == "--" || leadingOnly { remaining += arguments[index...]; break }
                remaining.append(argument)
                index += 1
                continue
            }
            index += width
            let checked = try checkedPath(value, option: option, command: command, usage: usage)
            guard option == name else { continue }
            if let path { throw ArgumentError(.repeatedOption(option: name, first: path, second: checked), command: command, usage: usage) }
            path = checked
        }
        return (path, remaining)
    }

    /// The option at `index` (`--set PATH` or `--set=PATH`), its value (nil when it came last)
    /// and how many arguments it took; nil when the argument is none of `names`.
    private static func optionAt(_ index: Int, in arguments: [String], names: [String]) -> (String, String?, Int)? {
        let argument = arguments[index]
        if names.contains(argument) { return (argument, index + 1 < arguments.count ? arguments[index + 1] : nil, 2) }
        for option in names where argument.hasPrefix(option + "=") { return (option, String(argument.dropFirst(option.count + 1)), 1) }
        return nil
    }

    /// A path: given, not empty, and not an option.
    private static func checkedPath(_ value: String?, option: String, command: String, usage: String) throws(ArgumentError) -> String {
        guard let value, !value.isEmpty else {
            throw ArgumentError(.other("\(option) needs a path."), command: command, usage: usage)
        }
        guard !value.hasPrefix("-") else {
            throw ArgumentError(.other("\(option) needs a path, not `\(value)`. For a folder whose name starts with -, write ./\(value)."),
                                command: command, usage: usage)
        }
        return value
    }
}
