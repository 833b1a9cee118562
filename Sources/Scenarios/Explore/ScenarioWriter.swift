import Simulator

/// Writes scenario files in the scenario language's own words (docs/scenarios.md), for the
/// commands exploration generates: what it writes, ``ScenarioLoader`` reads back as the same
/// commands.
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
        if let seed = header.seed { lines.append("seed: \(seed)") }
        if !header.media.isEmpty { lines.append("media: [\(header.media.map { quoted($0.relativePath) }.joined(separator: ", "))]") }
        return lines
    }

    /// One command as written after `- `. Only the commands exploration generates are written;
    /// any other is a programming error.
    static func line(for command: ScenarioCommand) -> String {
        switch command {
        case .launchApp(let options): return launchLine(options)
        case .killApp: return "killApp"
        case .tapOn(let selector): return "tapOn: \(selectorText(selector))"
        case .inputText(let text): return "inputText: \(quoted(text))"
        case .eraseText(let count): return "eraseText: \(count)"
        case .back: return "back"
        case .pressKey(let key): return "pressKey: \(key.rawValue)"
        case .swipe(let selector, let direction): return "swipe: {from: \(selectorText(selector)), direction: \(direction.rawValue)}"
        case .simulateMemoryWarning: return "simulateMemoryWarning"
        case .advanceClock(let duration): return "advanceClock: \(duration)"
        case .pickPhoto(.index(let index), nil): return "pickPhoto: {index: \(index)}"
        case .takePhoto(.synthetic(let width?, let height?)): return "takePhoto: {width: \(width), height: \(height)}"
        case .cancelPicker: return "cancelPicker"
        case .pickerResults(let assets, let failing):
            return "pickerResults: {assets: [\(assets.map(assetText).joined(separator: ", "))], fail: [\(failing.map(assetText).joined(separator: ", "))]}"
        case .removeMedia(.index(let index)): return "removeMedia: {index: \(index)}"
        case .addMedia(let files): return "addMedia: [\(files.map { quoted($0.relativePath) }.joined(separator: ", "))]"
        case .setPermissions(let grants):
            return "setPermissions: {\(grants.map { "\($0.service.rawValue): \($0.setting.rawValue)" }.joined(separator: ", "))}"
        case .crashAt(let point, let occurrence):
            return occurrence == 1 ? "crashAt: \(point)" : "crashAt: {point: \(point), occurrence: \(occurrence)}"
        case .injectFault(let fault):
            var parts = ["kind: \(fault.kind.rawValue)", "on: \(fault.operation.rawValue)", "nth: \(fault.nth)"]
            if let path = fault.path { parts.append("path: \(quoted(path))") }
            return "injectFault: {\(parts.joined(separator: ", "))}"
        default: preconditionFailure("the scenario writer does not write \(command.name)")
        }
    }

    private static func launchLine(_ options: LaunchOptions) -> String {
        var parts: [String] = []
        if !options.stopApp { parts.append("stopApp: false") }
        if !options.arguments.isEmpty {
            parts.append("arguments: {" + options.arguments.map { "\(quoted($0.name)): \(quoted($0.value))" }.joined(separator: ", ") + "}")
        }
        return parts.isEmpty ? "launchApp" : "launchApp: {\(parts.joined(separator: ", "))}"
    }

    private static func selectorText(_ selector: ElementSelector) -> String {
        var parts: [String] = []
        if let text = selector.text { parts.append("text: \(quoted(text))") }
        if let id = selector.id { parts.append("id: \(quoted(id))") }
        if let index = selector.index { parts.append("index: \(index)") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    private static func assetText(_ selector: AssetSelector) -> String {
        switch selector {
        case .index(let index): return "\(index)"
        case .localIdentifier(let identifier): return quoted(identifier)
        }
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
