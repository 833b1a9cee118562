import Core
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `simctl run` through the built binary on suites made to break it: control characters in
/// names and messages, queries that never end or say more than one thing, fixtures holding
/// links, scenario files that are pipes. Each test makes the damage itself.
@Suite("simctl run end to end: hostile suites")
struct HostileScenarioEndToEndTests {
    /// The scalars a terminal would act on or a line reader split at: control characters but
    /// the line feed that ends each line.
    static func rawControls(in text: String) -> [String] {
        text.unicodeScalars.filter { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
            .map { String(format: "U+%04X", $0.value) }
    }

    @Test("control characters in a file name, a scenario name and a step are written visibly in every report")
    func controlCharactersNeverReachAnOutputRaw() throws {
        let runner = try SimctlRunner()
        let escape = "\u{1B}"
        let folder = try RunCommandEndToEndTests.suite(runner, [
            "hostile\(escape)[31m\nFAIL spoofed.yaml": """
                appId: com.photosim.MyLocations
                name: "Hostile\\e[31m\\0name\\nPASS spoofed"
                ---
                - launchApp
                - assertVisible: "Nothing\\n\\e]0;title\\x07here"

                """,
        ])
        let junit = runner.folder.appendingPathComponent("junit.xml")
        let report = runner.folder.appendingPathComponent("report")
        let result = try RunCommandEndToEndTests.run(runner, [folder, "--junit", junit, "--report", report])
        #expect(result.exitCode == 1, "\(result)")
        #expect(Self.rawControls(in: result.standardOutput + result.standardError).isEmpty, "\(result)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }.count == 1, "one scenario, one line: \(result)")
        #expect(result.standardOutput.contains(#"FAIL hostile\u{1B}[31m\nFAIL spoofed.yaml — Hostile\u{1B}[31m\0name\nPASS spoofed"#),
                "\(result)")
        #expect(result.standardOutput.contains(#"assertVisible: “Nothing\n\u{1B}]0;title\u{07}here”"#), "\(result)")
        #expect(result.standardOutput.contains(#"replay: simctl run --seed"#)
            && result.standardOutput.contains(#"$'"# + folder + #"/hostile\x1B[31m\nFAIL spoofed.yaml'"#), "a replay line a shell reads: \(result)")

        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(Self.rawControls(in: xml).isEmpty)
        let parsed = try JUnitProperties(path: junit)
        #expect(parsed.values["testcase"] == #"Hostile\u{1B}[31m\0name\nPASS spoofed"#)
        let html = try String(contentsOfFile: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(Self.rawControls(in: html).isEmpty)
        #expect(html.contains(#"Hostile\u{1B}[31m\0name\nPASS spoofed"#))

        let json = try RunCommandEndToEndTests.run(runner, [folder, "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.first?["name"] as? String == "Hostile\u{1B}[31m\0name\nPASS spoofed", "JSON carries the text itself")
        #expect(Self.rawControls(in: json.standardError).isEmpty, "\(json)")
    }

    @Test("a FIFO or a device given as a scenario file is refused at load saying what it is, without blocking")
    func pipesAndDevicesAreRefusedUnread() throws {
        let runner = try SimctlRunner()
        let folder = try RunCommandEndToEndTests.suite(runner, ["ok.yaml": RunCommandEndToEndTests.passing])
        let pipe = folder.appendingPathComponent("pipe.yaml")
        try #require(mkfifo(pipe, 0o644) == 0, "mkfifo: errno \(errno)")
        let sentence = "cannot read the file: it is a named pipe (FIFO), not a regular file;"
        for arguments in [[pipe], [folder]] {
            let result = try RunCommandEndToEndTests.run(runner, arguments)
            #expect(result.exitCode == 65, "\(result)")
            #expect(result.standardError.contains("\(pipe):1:1: \(sentence)"), "\(result)")
            #expect(!result.standardError.lowercased().contains("permission") && !result.standardError.contains("NSError"), "\(result)")
            #expect(result.standardOutput.isEmpty, "nothing ran: \(result)")
        }
        let device = try RunCommandEndToEndTests.run(runner, ["/dev/null"])
        #expect(device.exitCode == 65, "\(device)")
        #expect(device.standardError.contains("/dev/null:1:1: cannot read the file: it is a character device, not a regular file;"),
                "\(device)")
    }

    @Test("a container fixture holding a symbolic link is refused at load with a sentence, and nothing runs")
    func aLinkInAContainerFixtureIsALoadError() throws {
        let runner = try SimctlRunner()
        let folder = try RunCommandEndToEndTests.suite(runner, [
            "flow.yaml": "appId: com.photosim.MyLocations\ncontainer: fixtures/store\n---\n- launchApp\n",
            "fixtures/store/Documents/note.txt": "kept\n",
        ])
        let link = folder.appendingPathComponent("fixtures/store/Documents/alias.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "note.txt")
        let result = try RunCommandEndToEndTests.run(runner, [folder])
        #expect(result.exitCode == 65, "\(result)")
        #expect(result.standardError.contains(
            "flow.yaml:2:12: `container`: `fixtures/store` holds `Documents/alias.txt`, a symbolic link to `"), "\(result)")
        #expect(result.standardError.contains("put a copy of the file it names in its place"), "\(result)")
        #expect(!result.standardError.contains("StepFailure") && result.standardOutput.isEmpty, "\(result)")
    }

    @Test("an assertQuery whose SQL holds a second statement is refused at load at the SQL's line and column")
    func aSecondStatementInAssertQueryIsALoadError() throws {
        let runner = try SimctlRunner()
        let folder = try RunCommandEndToEndTests.suite(runner, [
            "query.yaml": """
                appId: com.photosim.MyLocations
                ---
                - launchApp
                - assertQuery:
                    store: Library/Application Support/Locations.sqlite
                    sql: "SELECT count(*) FROM ZLOCATION; junk"
                    rows: [[0]]

                """,
            "commented.yaml": """
                appId: com.photosim.MyLocations
                ---
                - launchApp
                - assertQuery: {store: Library/Application Support/Locations.sqlite, sql: "SELECT count(*) FROM ZLOCATION; -- none yet", rows: [[0]]}

                """,
        ])
        let result = try RunCommandEndToEndTests.run(runner, [folder])
        #expect(result.exitCode == 65, "\(result)")
        #expect(result.standardError.contains("query.yaml:6:10: `assertQuery.sql`: holds more than one statement: `junk` follows "
            + "`SELECT count(*) FROM ZLOCATION;`; assertQuery runs exactly one query"), "\(result)")
        #expect(!result.standardError.contains("commented.yaml"), "a comment after the statement is fine: \(result)")
        #expect(result.standardOutput.isEmpty, "nothing ran: \(result)")
        let alone = try RunCommandEndToEndTests.run(runner, [folder.appendingPathComponent("commented.yaml")])
        #expect(alone.exitCode == 0, "\(alone)")
    }

    @Test("an assertQuery that never ends fails its step at the work bound, naming the store and what to do")
    func aQueryThatNeverEndsFailsAtTheBound() throws {
        let runner = try SimctlRunner()
        let store = "Library/Application Support/Locations.sqlite"
        let folder = try RunCommandEndToEndTests.suite(runner, [
            "count.yaml": """
                appId: com.photosim.MyLocations
                ---
                - launchApp
                - assertQuery:
                    store: \(store)
                    sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
                    rows: [[1]]

                """,
            "rows.yaml": """
                appId: com.photosim.MyLocations
                ---
                - launchApp
                - assertQuery:
                    store: \(store)
                    sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"
                    rows: [[1]]

                """,
        ])
        let result = try RunCommandEndToEndTests.run(runner, [folder, "-j", "1"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardOutput.contains("FAIL count.yaml") && result.standardOutput.contains("FAIL rows.yaml"), "\(result)")
        #expect(result.standardOutput.contains("assertQuery on \(store) stopped: “WITH RECURSIVE") , "\(result)")
        #expect(result.standardOutput.contains("ran past 100,000,000 SQLite steps, the bound on one query's work (about a second), "
            + "without finishing; a recursive query needs a condition that ends it (WHERE n < 10) or a LIMIT"), "\(result)")
        #expect(result.standardOutput.contains("actual:   [[1], [2], [3]"), "the endless rows stop past the expected ones: \(result)")
        #expect(result.standardOutput.contains("[21], …]"), "\(result)")
    }
}

/// The `<property>` values of a JUnit file, by name (the last one of each name), and the last
/// `<testcase>`'s name as `testcase`.
private final class JUnitProperties: NSObject, XMLParserDelegate {
    private(set) var values: [String: String] = [:]

    init(path: String) throws {
        super.init()
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "property", let key = attributes["name"] { values[key] = attributes["value"] }
        if name == "testcase" { values["testcase"] = attributes["name"] }
    }
}
