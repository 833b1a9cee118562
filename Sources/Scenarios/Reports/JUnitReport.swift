import Core
import Simulator

/// JUnit XML in the shape `maestro test --format junit` writes it (maestro-cli
/// JUnitTestSuiteReporter.kt), so a CI dashboard reads PhotoSim's and Maestro's alike: one
/// `<testsuite name tests failures time>` in `<testsuites>`, one `<testcase>` per scenario whose
/// `id`, `name` and `classname` are the flow's name (its header's `name`, else its file name
/// without extension), with `time` (whole seconds, as Maestro's `inWholeSeconds`) and `status` (`SUCCESS`, `WARNING` when an optional command
/// failed, `ERROR`), and a `<failure>` whose text starts with the failing sentence.
///
/// PhotoSim adds what Maestro's lacks, in places JUnit readers expect it: the scenario's `file`
/// (GitLab links it), `<properties>` (seed, replay command, trace digest), the optional
/// commands' warnings in `<system-out>`, and after a failure's sentence its location, expected and
/// actual values, the replay command and the trace tail (the sentence is also its `message`, as
/// Jenkins reads it). A control character in any of these is written visibly (``VisibleText``),
/// as XML 1.0 cannot carry it.
public enum JUnitReport {
    /// The suite name Maestro gives when none is asked for.
    public static let defaultSuiteName = "Test Suite"

    /// The XML document for `results`, suite name `suiteName`: ``head(_:suiteName:)``, each
    /// ``testCase(_:)``, then ``tail``.
    public static func render(_ results: [ScenarioResult], suiteName: String = defaultSuiteName) -> String {
        (head(ResultTotals(results), suiteName: suiteName) + results.flatMap(testCase) + tail).joined(separator: "\n") + "\n"
    }

    /// The XML declaration and the opening `<testsuites>` and `<testsuite>` with the totals.
    public static func head(_ totals: ResultTotals, suiteName: String = defaultSuiteName) -> [String] {
        ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
         "<testsuites>",
         "  <testsuite name=\(XMLText.attribute(suiteName)) tests=\"\(totals.count)\" failures=\"\(totals.failed)\" "
            + "time=\"\(seconds(totals.hostNanoseconds))\">"]
    }

    /// The closing tags.
    public static let tail = ["  </testsuite>", "</testsuites>"]

    /// Maestro's FlowStatus of a result.
    static func status(_ result: ScenarioResult) -> String {
        if result.failure != nil { return "ERROR" }
        return result.commands.contains { $0.warning != nil } ? "WARNING" : "SUCCESS"
    }

    /// The `<testcase>` lines of one result.
    public static func testCase(_ result: ScenarioResult) -> [String] {
        let name = XMLText.attribute(result.name)
        var lines = ["    <testcase id=\(name) name=\(name) classname=\(name) file=\(XMLText.attribute(result.relativePath)) "
            + "time=\"\(seconds(result.hostNanoseconds))\" status=\"\(status(result))\">",
                     "      <properties>"]
        let properties = [("seed", "\(result.seed)"), ("replay", result.replayCommand), ("traceDigest", result.traceDigest)]
        for (name, value) in properties {
            lines.append("        <property name=\(XMLText.attribute(name)) value=\(XMLText.attribute(value))/>")
        }
        lines.append("      </properties>")
        let warnings = result.commands.compactMap(\.warning)
        if !warnings.isEmpty {
            lines.append("      <system-out>" + XMLText.content(warnings.map { "warning: " + VisibleText.escaped($0) }
                .joined(separator: "\n")) + "</system-out>")
        }
        if let failure = result.failure {
            var body = [failure.message, "at \(failure.location) \(failure.command)"]
            if let expected = failure.expected { body.append("expected: \(expected)") }
            if let actual = failure.actual { body.append("actual: \(actual)") }
            body.append("seed \(result.seed); replay: \(result.replayCommand)")
            body.append("trace (last \(failure.traceTail.count) lines):")
            body += failure.traceTail
            lines.append("      <failure message=\(XMLText.attribute(failure.message))>"
                + XMLText.content(body.map(VisibleText.escaped).joined(separator: "\n")) + "</failure>")
        }
        lines.append("    </testcase>")
        return lines
    }

    /// Whole seconds, cut down, as Maestro writes `time` (`duration?.inWholeSeconds`).
    static func seconds(_ nanoseconds: UInt64) -> String {
        String(nanoseconds / 1_000_000_000)
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
