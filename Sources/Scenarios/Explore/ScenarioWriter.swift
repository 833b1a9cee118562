import Core
import Simulator

/// Writes scenario files in the scenario language's own words (docs/scenarios.md): what it
/// writes, ``ScenarioLoader`` reads back as the same commands.
///
/// Exploration writes the sequences it shrinks with it, but it writes any command a file can hold.
public enum ScenarioWriter {
    /// The whole file: comment lines, the header, `---`, one command per line.
    public static func file(comments: [String], header: ScenarioHeader, commands: [ScenarioCommand]) -> String {
        var lines = comments.map { "# " + VisibleText.escaped($0) }
        lines += headerLines(header)
        lines.append("---")
        lines += commands.map { "- " + line(for: $0) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many lines come before the first command (its line number less one).
    public static func linesBeforeCommands(comments: [String], header: ScenarioHeader) -> Int {
        comments.count + headerLines(header).count + 1
    }

    static func headerLines(_ header: ScenarioHeader) -> [String] {
        var lines = ["appId: \(quoted(header.appId))", "name: \(quoted(header.name))"]
        if !header.tags.isEmpty { lines.append("tags: [\(header.tags.map(quoted).joined(separator: ", "))]") }
        if header.device != ScenarioHeader.defaultDevice { lines.append("device: \(quoted(header.device))") }
        if let hasCamera = header.hasCamera { lines.append("camera: \(hasCamera ? "hardware" : "none")") }
        if let seed = header.seed { lines.append("seed: \(seed)") }
        if !header.media.isEmpty { lines.append("media: [\(header.media.map { quoted($0.relativePath) }.joined(separator: ", "))]") }
        return lines
    }

    /// One command as written after `- `: its name, then `: ` and its argument if it has one.
    ///
    /// Every command is written (``argument(of:)``). One no file could hold (a value outside its
    /// range, a synthetic photo with one side) is written as it is, and the loader refuses it with
    /// its usual message; a text holding `${NAME}` reads back as that variable (the language has no
    /// escape for it). Traps on a ``ScenarioValue`` real that is not finite, which no file can hold
    /// and which would read back as text.
    static func line(for command: ScenarioCommand) -> String {
        guard let argument = argument(of: command) else { return command.name }
        return command.name + ": " + argument
    }

    /// A YAML double-quoted scalar: always text, whatever it holds.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if VisibleText.needsEscaping(scalar) {
                    result += scalar.value > 0xFF ? "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                        : "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
