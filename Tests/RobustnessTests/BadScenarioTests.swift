import Foundation
import Scenarios
import PhotoSimTesting
import Testing

/// Malformed and hostile scenario files through the loader, from a real suite folder on disk:
/// each loads correctly or is refused with problems that all name a file of the suite and say
/// what is wrong; never a trap, a hang or memory that grows with an alias bomb.
@Suite struct BadScenarioTests {
    enum Outcome: Sendable {
        /// Loads, running this many commands (runFlow and repeat expanded).
        case loads(commands: Int)
        /// Refused; some problem's message contains this text.
        case refused(String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: Data
        let outcome: Outcome
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ outcome: Outcome) {
            self.init(name, Data(text.utf8), outcome)
        }

        init(_ name: String, _ bytes: Data, _ outcome: Outcome) {
            self.name = name
            self.bytes = bytes
            self.outcome = outcome
        }
    }

    static let header = "appId: com.photosim.MyLocations\n---\n"

    /// `a: &a [x, x, ...]`, `b: &b [*a, *a, ...]` ... : ten levels of ten give 10^10 nodes if expanded.
    static let billionLaughs: String = {
        var lines = ["appId: com.photosim.MyLocations", "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<10 {
            lines.append("l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n") + "\n---\n- launchApp\n"
    }()

    static let syntax: [Case] = [
        Case("unclosed-double-quote", "appId: \"com.photosim.MyLocations\n---\n- launchApp\n", .refused("malformed YAML")),
        Case("unclosed-single-quote", header + "- inputText: 'Beach\n- launchApp\n", .refused("malformed YAML")),
        Case("unclosed-flow-sequence", header + "- tapOn: [Tag\n", .refused("malformed YAML")),
        Case("unclosed-flow-mapping", header + "- tapOn: {id: Tag\n", .refused("malformed YAML")),
        Case("tab-indentation", header + "- tapOn:\n\tid: Tag\n", .refused("malformed YAML")),
        Case("tab-before-dash", header + "\t- launchApp\n", .refused("malformed YAML")),
        Case("bad-indentation", header + "- launchApp\n  - tapOn: Tag\n", .refused("malformed YAML")),
        Case("colon-in-plain-key", "appId: a: b\n---\n- launchApp\n", .refused("malformed YAML")),
        Case("undefined-alias", header + "- tapOn: *nowhere\n", .refused("aliases")),
        Case("unknown-directive", "%FOO bar\n" + header + "- launchApp\n", .refused("unknown directive")),
    ]

    static let shapes: [Case] = [
        Case("empty", "", .refused("the file is empty")),
        Case("only-separator", "---\n", .refused("missing")),
        Case("header-only", "appId: com.photosim.MyLocations\n", .refused("missing the commands")),
        Case("commands-only", "- launchApp\n", .refused("missing the header")),
        Case("three-documents", header + "- launchApp\n---\n- launchApp\n", .refused("a third document")),
        Case("anchor-and-alias", "appId: &id com.photosim.MyLocations\n---\n- launchApp: *id\n", .refused("alias")),
        Case("billion-laughs", billionLaughs, .refused("alias")),
        Case("deep-flow-nesting", header + "- tapOn: " + String(repeating: "[", count: 10_000) + "\n", .refused("nested more than")),
        Case("deep-block-nesting", header + "- tapOn:\n" + (1...200).map { String(repeating: "  ", count: $0) + "a:\n" }.joined(),
             .refused("nested more than")),
        Case("wrong-type-appId", "appId: [1, 2]\n---\n- launchApp\n", .refused("appId")),
        Case("wrong-type-command", header + "- tapOn: {text: [1, 2]}\n", .refused("text")),
        Case("wrong-type-repeat-times", header + "- repeat: {times: many, commands: [back]}\n", .refused("times")),
        Case("negative-repeat-times", header + "- repeat: {times: -1, commands: [back]}\n", .refused("times")),
        Case("huge-repeat-times", header + "- repeat: {times: 99999999999999999999999, commands: [back]}\n", .refused("times")),
        Case("duplicate-header-key", "appId: a.b\nappId: c.d\n---\n- launchApp\n", .refused("appId")),
        Case("duplicate-command-key", header + "- tapOn: {id: a, id: b}\n", .refused("id")),
        Case("unknown-command", header + "- launchAppp\n", .refused("launchApp")),
        Case("command-list-is-a-map", header + "launchApp: true\n", .refused("list")),
        Case("scalar-document", "42\n---\n42\n", .refused("expected the header")),
        Case("undefined-variable", header + "- eraseText: ${NOPE}\n", .refused("NOPE")),
        // Text a command types or looks for may name a variable set only as the flow runs.
        Case("undefined-variable-in-text", header + "- inputText: ${NOPE}\n", .loads(commands: 1)),
    ]

    static let bytes: [Case] = [
        Case("binary-noise", Data((0..<2_048).map { UInt8(truncatingIfNeeded: $0 &* 197 &+ 11) }), .refused("control characters")),
        Case("nul-bytes", Data(header.utf8) + Data([0, 0, 0]) + Data("- launchApp\n".utf8), .refused("control characters")),
        Case("invalid-utf8", Data(header.utf8) + Data([0x2D, 0x20, 0xC3, 0x28, 0x0A]), .refused("UTF-8")),
        Case("utf16-with-bom", Data([0xFF, 0xFE]) + (header + "- launchApp\n").data(using: .utf16LittleEndian)!, .loads(commands: 1)),
        Case("over-one-mebibyte", header + String(repeating: "- back\n", count: 160_000), .refused("at most 1048576 bytes")),
    ]

    static let counts: [Case] = [
        Case("five-thousand-commands", header + String(repeating: "- back\n", count: 5_000), .loads(commands: 5_000)),
        Case("repeat-at-its-limit", header + "- repeat: {times: 10000, commands: [back]}\n", .loads(commands: 10_001)),
        Case("repeat-over-its-limit", header + "- repeat: {times: 10001, commands: [back]}\n", .refused("10000")),
        Case("nested-repeats-over-the-command-limit",
             header + "- repeat: {times: 10000, commands: [{repeat: {times: 10000, commands: [back]}}]}\n",
             .refused("more than 100000 commands")),
        Case("runFlow-of-itself", header + "- runFlow: main.yaml\n", .refused("main.yaml")),
    ]

    static let paths: [Case] = [
        Case("runFlow-up-and-out", header + "- runFlow: ../outside.yaml\n", .refused("leaves the suite folder")),
        Case("runFlow-absolute-outside", header + "- runFlow: <outside>/outside.yaml\n", .refused("outside the suite folder")),
        Case("runFlow-absolute-system-file", header + "- runFlow: /etc/passwd\n", .refused("outside the suite folder")),
        Case("runFlow-through-a-link-out", header + "- runFlow: flows/escape.yaml\n", .refused("outside the suite folder")),
        Case("runFlow-missing", header + "- runFlow: flows/missing.yaml\n", .refused("no such file")),
        Case("runFlow-nul-in-path", header + "- runFlow: \"flows/ok.yaml\\0.txt\"\n", .refused("NUL character")),
        Case("runFlow-a-folder", header + "- runFlow: flows\n", .refused("is a folder")),
        Case("runFlow-inside", header + "- runFlow: flows/ok.yaml\n", .loads(commands: 2)),
        Case("takePhoto-up-and-out", header + "- takePhoto: {image: ../outside.jpg}\n", .refused("leaves the suite folder")),
    ]

    static let all = syntax + shapes + bytes + counts + paths

    @Test(arguments: all)
    func theLoaderLoadsOrNamesTheFile(_ input: Case) throws {
        let scratch = try TemporaryFolder(prefix: "photosim-robustness-")
        let suite = try Self.suite(in: scratch, main: input.bytes)
        let mainPath = suite + "/main.yaml"
        do {
            let scenario = try ScenarioLoader().load(file: mainPath, root: suite)
            guard case .loads(let commands) = input.outcome else {
                Issue.record("\(input.name) loaded, expected \(input.outcome)")
                return
            }
            #expect(scenario.expandedCommandCount == commands)
        } catch {
            guard case .refused(let phrase) = input.outcome else {
                Issue.record("\(input.name) refused, expected \(input.outcome): \(error)")
                return
            }
            #expect(!error.diagnostics.isEmpty)
            #expect(error.diagnostics.allSatisfy { $0.location.file.hasPrefix(suite + "/") && !$0.message.isEmpty }, "\(error)")
            #expect(error.diagnostics.contains { $0.message.contains(phrase) }, "\(error)")
        }
    }

    @Test func theCorpusHasTheInputsTheReadmeCounts() {
        #expect(Self.all.count == 50)
        #expect(Set(Self.all.map(\.name)).count == Self.all.count)
    }

    /// A suite folder with `main.yaml`, a flow inside, a link that leads out, and a file outside.
    static func suite(in scratch: TemporaryFolder, main: Data) throws -> String {
        let outside = try scratch.write(Data((header + "- back\n").utf8), to: "outside.yaml")
        let text = String(decoding: main, as: UTF8.self)
        let bytes = text.contains("<outside>") ? Data(text.replacingOccurrences(of: "<outside>", with: scratch.path).utf8) : main
        try scratch.write(bytes, to: "suite/main.yaml")
        try scratch.write(Data((header + "- back\n- back\n").utf8), to: "suite/flows/ok.yaml")
        try FileManager.default.createSymbolicLink(atPath: scratch.appending("suite/flows/escape.yaml"), withDestinationPath: outside)
        return scratch.appending("suite")
    }
}
