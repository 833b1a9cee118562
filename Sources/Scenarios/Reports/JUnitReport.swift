import Core
import Simulator

/// JUnit XML as GitLab and Jenkins read it: one `<testsuite>`, one `<testcase>` per scenario.
///
/// `classname` is the scenario's folder inside the suite with dots for slashes (`mylocations`,
/// `lootlogger.memory`; `scenarios` for a file at the top) and `name` its file name without
/// extension, so the pair is unique. Each test case carries `<properties>` (seed, replay command,
/// scenario name, trace digest); a failure's `message` is the failing sentence and its text the
/// location, expected and actual values, the replay command and the trace tail. A control
/// character in any of these is written visibly (``VisibleText``), as XML 1.0 cannot carry it.
public enum JUnitReport {
    /// The default suite name.
    public static let defaultSuiteName = "PhotoSim scenarios"

    /// The XML document for `results`, suite name `suiteName`: ``head(_:suiteName:)``, each
    /// ``testCase(_:)``, then ``tail``.
    public static func render(_ results: [ScenarioResult], suiteName: String = defaultSuiteName) -> String {
        (head(ResultTotals(results), suiteName: suiteName) + results.flatMap(testCase) + tail).joined(separator: "\n") + "\n"
    }

    /// The XML declaration and the opening `<testsuites>` and `<testsuite>` with the totals.
    public static func head(_ totals: ResultTotals, suiteName: String = defaultSuiteName) -> [String] {
        let time = seconds(totals.hostNanoseconds)
        let counts = "tests=\"\(totals.count)\" failures=\"\(totals.failed)\" errors=\"0\""
        return ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                "<testsuites name=\(XMLText.attribute(suiteName)) \(counts) time=\"\(time)\">",
                "  <testsuite name=\(XMLText.attribute(suiteName)) \(counts) skipped=\"0\" time=\"\(time)\">"]
    }

    /// The closing tags.
    public static let tail = ["  </testsuite>", "</testsuites>"]

    /// `mylocations.regressions` for `mylocations/regressions/photo-0.yaml`.
    public static func className(relativePath: String) -> String {
        let folders = relativePath.split(separator: "/").dropLast()
        return folders.isEmpty ? "scenarios" : folders.joined(separator: ".")
    }

    /// The file name without its extension.
    public static func caseName(relativePath: String) -> String {
        let file = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }

    /// The `<testcase>` lines of one result.
    public static func testCase(_ result: ScenarioResult) -> [String] {
        var lines = ["    <testcase classname=\(XMLText.attribute(className(relativePath: result.relativePath))) "
            + "name=\(XMLText.attribute(caseName(relativePath: result.relativePath))) "
            + "file=\(XMLText.attribute(result.relativePath)) time=\"\(seconds(result.hostNanoseconds))\">",
                     "      <properties>"]
        let properties = [("seed", "\(result.seed)"), ("replay", result.replayCommand), ("scenario", result.name),
                          ("traceDigest", result.traceDigest)]
        for (name, value) in properties {
            lines.append("        <property name=\(XMLText.attribute(name)) value=\(XMLText.attribute(value))/>")
        }
        lines.append("      </properties>")
        let warnings = result.commands.compactMap(\.warning)
        if !warnings.isEmpty {
            lines.append("      <system-out>" + XMLText.content(warnings.map { "warning (optional): " + VisibleText.escaped($0) }
                .joined(separator: "\n")) + "</system-out>")
        }
        if let failure = result.failure {
            var body = ["\(failure.location) \(failure.command)", failure.message]
            if let expected = failure.expected { body.append("expected: \(expected)") }
            if let actual = failure.actual { body.append("actual: \(actual)") }
            body.append("seed \(result.seed); replay: \(result.replayCommand)")
            body.append("trace (last \(failure.traceTail.count) lines):")
            body += failure.traceTail
            let type = failure.command.split(separator: ":").first.map(String.init) ?? "failure"
            lines.append("      <failure message=\(XMLText.attribute(failure.message)) type=\(XMLText.attribute(type))>"
                + XMLText.content(body.map(VisibleText.escaped).joined(separator: "\n")) + "</failure>")
        }
        lines.append("    </testcase>")
        return lines
    }

    /// Seconds with three decimals, as JUnit's `time` attribute.
    static func seconds(_ nanoseconds: UInt64) -> String {
        let milliseconds = nanoseconds / 1_000_000
        let fraction = String(milliseconds % 1_000)
        return "\(milliseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

/// Escaping for XML 1.0 text and attributes.
///
/// XML 1.0 cannot carry most control characters, not even as character references, so every
/// one is written visibly first (``VisibleText``: `\n`, `\u{1B}`), as are U+FFFE and U+FFFF;
/// the document always parses and shows what the text held.
enum XMLText {
    /// `value` in double quotes, its control characters written visibly and `&`, `<`, `>`, `"`
    /// escaped: an attribute is one line.
    static func attribute(_ value: String) -> String {
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "&quot;"
            default: append(scalar, to: &escaped)
            }
        }
        return escaped + "\""
    }

    /// `text` with `&`, `<` and `>` escaped, for element content; its line breaks stay (the
    /// caller joins lines with them), every other control character is written visibly.
    static func content(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" { escaped.unicodeScalars.append(scalar) } else { append(scalar, to: &escaped) }
        }
        return escaped
    }

    /// Appends `scalar` escaped for XML: `&`, `<`, `>` as entities, a control character or a
    /// character XML 1.0 forbids (U+FFFE, U+FFFF) written visibly.
    private static func append(_ scalar: Unicode.Scalar, to text: inout String) {
        switch scalar {
        case "&": text += "&amp;"
        case "<": text += "&lt;"
        case ">": text += "&gt;"
        case _ where VisibleText.needsEscaping(scalar): text += VisibleText.escape(scalar)
        case "\u{FFFE}", "\u{FFFF}": text += VisibleText.escape(scalar)
        default: text.unicodeScalars.append(scalar)
        }
    }
}
