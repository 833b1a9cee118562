import Core
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Simulator
import Testing
@testable import Scenarios

/// The three reports over fixed results: exact goldens, XML that parses with the shape CI
/// servers read, escaping of hostile text, and JSON with stable keys.
@Suite("Scenario reports")
struct ReportTests {
    static let passed = ScenarioResult(
        relativePath: "mylocations/add-photo.yaml", file: "Scenarios/mylocations/add-photo.yaml", name: "Add a photo",
        tags: ["smoke"], seed: 7, seedSource: .header,
        commands: [CommandResult(command: "launchApp", location: "mylocations/add-photo.yaml:3:3", status: .passed)],
        failure: nil, virtualNanoseconds: 205_000_000, hostNanoseconds: 12_000_000, traceDigest: "00112233aabbccdd",
        traceLineCount: 40, screenshots: [])

    /// A failure whose texts carry everything XML and shells must escape.
    static let failed = ScenarioResult(
        relativePath: "top level.yaml", file: "Scenarios/top level.yaml", name: "Quotes \"&\" <tags>",
        tags: [], seed: 4_294_967_295, seedSource: .derived,
        commands: [CommandResult(command: "launchApp", location: "top level.yaml:3:3", status: .passed),
                   CommandResult(command: "assertVisible: “A<B>”", location: "top level.yaml:4:3", status: .failed),
                   CommandResult(command: "back", location: "top level.yaml:5:3", status: .skipped)],
        failure: ScenarioFailure(command: "assertVisible: “A<B>”", location: "top level.yaml:4:3",
                                 message: "“A<B>” & 'x' is not on Screen\u{1}",
                                 expected: "“A<B>” visible", actual: "on Screen: nothing",
                                 traceTail: ["[   0.000000000] tap “<&>”", "[   0.001000000] done"]),
        virtualNanoseconds: 1_000_000, hostNanoseconds: 2_500_000_000, traceDigest: "ffeeddccbbaa9988",
        traceLineCount: 2, screenshots: [ScreenshotRequest(name: "start", location: "top level.yaml:3:3",
                                                            screen: "Home", elements: ["button “Go”"])])

    @Test("the text summary: one line per scenario, failure details (expected and actual) under it, then totals")
    func textGolden() {
        #expect(TextReport.render([Self.passed, Self.failed]) == """
            PASS mylocations/add-photo.yaml — Add a photo (12 ms host, 0.205 s virtual)
            FAIL top level.yaml — Quotes "&" <tags> (2500 ms host, 0.001 s virtual)
                 top level.yaml:4:3 assertVisible: “A<B>”
                 “A<B>” & 'x' is not on Screen\\u{01}
                 expected: “A<B>” visible
                 actual:   on Screen: nothing
                 seed 4294967295 (derived); replay: simctl run --seed 4294967295 'Scenarios/top level.yaml'
                 trace (last 2 lines):
                   [   0.000000000] tap “<&>”
                   [   0.001000000] done
            2 scenarios: 1 passed, 1 failed (2512 ms host, 0.206 s virtual)

            """)
    }

    /// maestro-cli JUnitTestSuiteReporterTest's shape, with PhotoSim's file, properties and details.
    @Test("JUnit XML golden: Maestro's testsuite and testcase attributes, properties, failure sentence and trace tail")
    func junitGolden() {
        #expect(JUnitReport.render([Self.passed, Self.failed]) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="Test Suite" tests="2" failures="1" time="2">
                <testcase id="Add a photo" name="Add a photo" classname="Add a photo" file="mylocations/add-photo.yaml" time="0" status="SUCCESS">
                  <properties>
                    <property name="seed" value="7"/>
                    <property name="replay" value="simctl run --seed 7 Scenarios/mylocations/add-photo.yaml"/>
                    <property name="traceDigest" value="00112233aabbccdd"/>
                  </properties>
                </testcase>
                <testcase id="Quotes &quot;&amp;&quot; &lt;tags&gt;" name="Quotes &quot;&amp;&quot; &lt;tags&gt;" classname="Quotes &quot;&amp;&quot; &lt;tags&gt;" file="top level.yaml" time="2" status="ERROR">
                  <properties>
                    <property name="seed" value="4294967295"/>
                    <property name="replay" value="simctl run --seed 4294967295 'Scenarios/top level.yaml'"/>
                    <property name="traceDigest" value="ffeeddccbbaa9988"/>
                  </properties>
                  <failure message="“A&lt;B&gt;” &amp; 'x' is not on Screen\\u{01}">“A&lt;B&gt;” &amp; 'x' is not on Screen\\u{01}
            at top level.yaml:4:3 assertVisible: “A&lt;B&gt;”
            expected: “A&lt;B&gt;” visible
            actual: on Screen: nothing
            seed 4294967295; replay: simctl run --seed 4294967295 'Scenarios/top level.yaml'
            trace (last 2 lines):
            [   0.000000000] tap “&lt;&amp;&gt;”
            [   0.001000000] done</failure>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    @Test("JUnit XML parses with Foundation's XMLParser and keeps every text as written")
    func junitParses() throws {
        let xml = JUnitReport.render([Self.passed, Self.failed])
        let shape = try JUnitShape(parsing: xml)
        #expect(shape.root == "testsuites")
        #expect(shape.suites == 1)
        #expect(shape.testCases.map { "\($0.classname)/\($0.name)" } == ["Add a photo/Add a photo", "Quotes \"&\" <tags>/Quotes \"&\" <tags>"])
        #expect(shape.properties["seed"] == ["7", "4294967295"])
        #expect(shape.failureMessages == [#"“A<B>” & 'x' is not on Screen\u{01}"#])
        #expect(shape.failureTexts.first?.hasSuffix("[   0.000000000] tap “<&>”\n[   0.001000000] done") == true)
    }

    @Test("XML escaping writes control characters and the characters XML cannot carry visibly")
    func xmlEscaping() {
        #expect(XMLText.attribute("a\"b'c<d>e&f") == "\"a&quot;b'c&lt;d&gt;e&amp;f\"")
        #expect(XMLText.attribute("1\n2\t3\r") == #""1\n2\t3\r""#)
        #expect(XMLText.attribute("\u{0}\u{8}\u{FFFE}\u{85}ok") == #""\0\u{08}\u{FFFE}\u{85}ok""#)
        #expect(XMLText.content("]]> <x> & \u{1B}\nnext") == #"]]&gt; &lt;x&gt; &amp; \u{1B}"# + "\nnext")
    }

    @Test("visible text: each control character and line separator one escape, other text unchanged", arguments: [
        ("plain “text” é \\ kept", "plain “text” é \\ kept"), ("a\nb\rc\td\0e", #"a\nb\rc\td\0e"#),
        ("\u{1B}[2J\u{7}\u{7F}\u{9B}", #"\u{1B}[2J\u{07}\u{7F}\u{9B}"#), ("line\u{2028}para\u{2029}", #"line\u{2028}para\u{2029}"#),
    ])
    func visibleText(raw: String, shown: String) {
        #expect(VisibleText.escaped(raw) == shown)
    }

    @Test("a replay path holding a control character is quoted for bash on one line, byte for byte")
    func shellQuotingOfControlCharacters() {
        #expect(ShellQuoting.quoted("plain/a.yaml") == "plain/a.yaml")
        #expect(ShellQuoting.quoted("it's a.yaml") == #"'it'\''s a.yaml'"#)
        #expect(ShellQuoting.quoted("a\nb'c\\\u{1B}\u{85}.yaml") == #"$'a\nb\'c\\\x1B\xC2\x85.yaml'"#)
    }

    @Test("JSON: one object per scenario with sorted keys, parsed back unchanged")
    func json() throws {
        let text = JSONReport.render([Self.passed, Self.failed])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(objects[0].keys.sorted() == ["commands", "file", "hostMilliseconds", "name", "passed", "path", "replay",
                                            "screenshots", "seed", "seedSource", "tags", "traceDigest", "traceLines",
                                            "virtualMilliseconds"])
        #expect(objects[1]["passed"] as? Bool == false)
        #expect(objects[1]["seed"] as? UInt64 == 4_294_967_295)
        let failure = try #require(objects[1]["failure"] as? [String: Any])
        #expect(failure["message"] as? String == "“A<B>” & 'x' is not on Screen\u{1}")
        #expect((failure["traceTail"] as? [String])?.count == 2)
        #expect(text.contains("\"path\" : \"mylocations/add-photo.yaml\""), "slashes are not escaped")
        #expect(JSONReport.render([Self.passed, Self.failed]) == text, "the same results give the same bytes")
        let keys = text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("\""), let end = trimmed.dropFirst().firstIndex(of: "\"") else { return nil }
            return String(trimmed.dropFirst()[..<end])
        }
        #expect(Array(keys.prefix(3)) == ["commands", "command", "location"], "keys sorted at every level")
    }
}

/// What a CI server reads of a JUnit file, collected with Foundation's `XMLParser`.
final class JUnitShape: NSObject, XMLParserDelegate {
    private(set) var root: String?
    private(set) var suites = 0
    private(set) var testCases: [(classname: String, name: String)] = []
    private(set) var properties: [String: [String]] = [:]
    private(set) var failureMessages: [String] = []
    private(set) var failureTexts: [String] = []
    private var text: String?

    init(parsing xml: String) throws {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil { root = name }
        switch name {
        case "testsuite": suites += 1
        case "testcase": testCases.append((attributes["classname"] ?? "", attributes["name"] ?? ""))
        case "property": properties[attributes["name"] ?? "", default: []].append(attributes["value"] ?? "")
        case "failure": failureMessages.append(attributes["message"] ?? ""); text = ""
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure", let text { failureTexts.append(text) }
        if name == "failure" { text = nil }
    }
}
