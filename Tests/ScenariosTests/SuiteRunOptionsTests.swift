import Apps
import ArgumentParsing
import Core
import Foundation
@testable import Scenarios
import Simulator
import Testing

/// How `simctl run`'s arguments and environment become options, and how a run is planned and
/// reported, in process with fake seams.
@Suite("simctl run decisions")
struct SuiteRunOptionsTests {
    static func options(_ arguments: [String], environment: [String: String] = [:],
                        cores: Int = 2) throws -> SuiteRunOptions {
        guard case .arguments(let parsed) = try ScenarioCommandLine.syntax.parse(arguments + ["suite"]) else {
            throw ArgumentError(.other("help"), command: "run", usage: "")
        }
        return try SuiteRunOptions(parsed: parsed, environment: environment, defaultWorkers: cores)
    }

    @Test("defaults: one repetition, workers = cores, no shard, no reports")
    func defaults() throws {
        let options = try Self.options([], cores: 6)
        #expect(options == SuiteRunOptions(paths: ["suite"], workers: 6))
    }

    /// Env.kt `withInjectedShellEnvVars`: the shell's non-empty MAESTRO_* variables are
    /// parameters too, under those -e gives; the flow also gets MAESTRO_FILENAME.
    @Test("the shell's MAESTRO_ variables are parameters under -e, and a flow knows its file name")
    func maestroShellVariables() throws {
        let options = try Self.options(["-e", "MAESTRO_USER=given"],
                                       environment: ["MAESTRO_USER": "shell", "MAESTRO_TOKEN": "t", "MAESTRO_EMPTY": "", "HOME": "/root"])
        #expect(options.parameters == ["MAESTRO_USER": "given", "MAESTRO_TOKEN": "t"])
        let fixture = try ScenarioFixture()
        try fixture.write("flows/sign-in.yaml", "appId: a.b\n---\n- inputText: ${MAESTRO_FILENAME} ${MAESTRO_TOKEN}\n")
        let loader = ScenarioLoader(parameters: options.parameters)
        #expect(try fixture.load("flows/sign-in.yaml", loader: loader).steps.map(\.command) == [.inputText("sign-in t")])
    }

    @Test("shards: flags, Bazel's variables, and flags winning when both agree", arguments: [
        ([String](), [String: String](), nil as [Int]?),
        (["--shard-split", "3", "--shard-index", "2"], [:], [3, 2]),
        ([], ["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "1"], [4, 1]),
        (["--shard-split", "4", "--shard-index", "1"], ["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "1"], [4, 1]),
        ([], ["TEST_TOTAL_SHARDS": "", "TEST_SHARD_INDEX": ""], nil),
    ])
    func shardSources(_ arguments: [String], environment: [String: String], expected: [Int]?) throws {
        let shard = try Self.options(arguments, environment: environment).shard
        #expect(shard.map { [$0.split, $0.index] } == expected)
    }

    @Test("conflicting or half-given shard settings are usage errors naming what to fix", arguments: [
        (["--shard-split", "2", "--shard-index", "0"], ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "1"], "conflicts with Bazel's"),
        (["--shard-index", "0"], [String: String](), "--shard-index needs --shard-split"),
        ([], ["TEST_SHARD_INDEX": "0"], "must both be whole numbers"),
        ([], ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "5"], "TEST_SHARD_INDEX must be from 0 to 1"),
        (["--shard-split", "0", "--shard-index", "0"], [:], "--shard-split must be 1 or more"),
        (["-j", "0"], [:], "-j needs a whole number of 1 or more"),
        (["-e", "=x"], [:], "-e needs KEY=VALUE"),
        (["--device", "booted", "--keep"], [:], "--keep keeps temporary devices"),
    ])
    func usageErrors(_ arguments: [String], environment: [String: String], says: String) {
        do {
            _ = try Self.options(arguments, environment: environment)
            Issue.record("accepted \(arguments) \(environment)")
        } catch {
            #expect("\(error)".contains(says), "\(error)")
        }
    }

    @Test("XML_OUTPUT_FILE is the JUnit path unless --junit names one; -e and tags are collected")
    func reportsParametersAndTags() throws {
        #expect(try Self.options([], environment: ["XML_OUTPUT_FILE": "/out/test.xml"]).junitPath == "/out/test.xml")
        #expect(try Self.options(["--junit", "mine.xml"], environment: ["XML_OUTPUT_FILE": "/out/test.xml"]).junitPath == "mine.xml")
        #expect(try Self.options(["--screenshots", "shots"]).screenshotsFolder == "shots")
        #expect(try Self.options([]).screenshotsFolder == nil, "the working directory, as maestro test")
        let options = try Self.options(["-e", "A=1", "--env", "B=x=y", "--include-tags", "a,b", "--include-tags", "c",
                                        "--exclude-tags", "slow"])
        #expect(options.parameters == ["A": "1", "B": "x=y"])
        #expect(options.tags == TagFilter(includeTags: ["a", "b", "c"], excludeTags: ["slow"]))
    }

    @Test("--repeat takes 1 to 10,000 runs of each scenario")
    func repeatBound() throws {
        #expect(try Self.options(["--repeat", "10000"]).repeatCount == SuiteRunOptions.maximumRepeatCount)
        #expect(throws: ArgumentError.self) { try Self.options(["--repeat", "10001"]) }
        #expect(throws: ArgumentError.self) { try Self.options(["--repeat", "0"]) }
    }

    @Test("a suite's runs are handed on in order, seeds drawn as they are reached, never more than the window at once")
    func runsStreamInOrderWithinTheWindow() throws {
        let folder = try ScenarioRunFolder()
        let file = folder.path + "/a.yaml"
        try Data("appId: com.photosim.MyLocations\n---\n- launchApp\n".utf8).write(to: URL(fileURLWithPath: file))
        var options = SuiteRunOptions(paths: [file], seed: 100, repeatCount: 12)
        options.workers = 3
        let run = try SuiteRun(options: options, loader: ScenarioLoader(), nextSeed: { 0 })
        let seen = PrintedText()
        let outcome = run.run(with: folder.runner, deviceSet: nil) { result, index in
            seen.append("\(index):\(result.seed) ")
            return true
        }
        #expect(seen.text == (0..<12).map { "\($0):\(100 + $0) " }.joined())
        #expect(outcome.delivered == 12 && outcome.peakHeldResults <= SuiteRun.window(workers: 3), "\(outcome)")
    }

    @Test("--repeat plans S, S+1, … with --seed, the usual seed then fresh ones without")
    func repeatSeeds() throws {
        let folder = try ScenarioRunFolder()
        let file = folder.path + "/a.yaml"
        try Data("appId: com.photosim.MyLocations\n---\n- launchApp\n".utf8).write(to: URL(fileURLWithPath: file))
        let fixed = try SuiteRun(options: SuiteRunOptions(paths: [file], seed: 40, repeatCount: 3), loader: ScenarioLoader(),
                                 nextSeed: { Issue.record("no fresh seed with --seed"); return 0 })
        #expect(Array(fixed.jobs()).map(\.seed) == [40, 41, 42])
        var drawn: [UInt64] = [0x1_0000_0007, 9]
        let fresh = try SuiteRun(options: SuiteRunOptions(paths: [file], repeatCount: 3), loader: ScenarioLoader(),
                                 nextSeed: { drawn.removeFirst() })
        #expect(Array(fresh.jobs()).map(\.seed) == [nil, 7, 9], "the first keeps the header's or derived seed; fresh ones fold to 32 bits")
    }

    @Test("the command line in process: exit codes, the status file, and the summary on standard output")
    func commandLineInProcess() throws {
        let folder = try ScenarioRunFolder()
        let suite = folder.path + "/suite"
        try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: true)
        try Data("appId: com.photosim.MyLocations\n---\n- launchApp\n- assertVisible: Tag Location\n".utf8)
            .write(to: URL(fileURLWithPath: suite + "/ok.yaml"))
        let status = folder.path + "/status"
        let printed = PrintedText()
        let context = ScenarioCommandContext(
            environment: ["TEST_SHARD_STATUS_FILE": status, "TEST_TOTAL_SHARDS": "1", "TEST_SHARD_INDEX": "0"],
            standardErrorIsTerminal: false, processorCount: 1, workFolder: folder.path + "/work",
            hostNanoseconds: { 0 }, nextSeed: { 0 }, deviceSet: { throw FileSystemError.from(errno: ENOENT, operation: "open", path: "set") },
            fileSystem: POSIXFileSystem(), standardOutput: { printed.append($0); return true }, standardError: { printed.append($0) })
        #expect(ScenarioCommandLine.run(arguments: [suite], apps: ReferenceApps.all, context: context) == 0)
        #expect(FileManager.default.fileExists(atPath: status))
        #expect(printed.text.contains("PASS ok.yaml") && !printed.text.contains("\u{1B}"))
        #expect(ScenarioCommandLine.run(arguments: [suite + "/missing.yaml"], apps: ReferenceApps.all, context: context) == 65)
        #expect(ScenarioCommandLine.run(arguments: [], apps: ReferenceApps.all, context: context) == 64)
        #expect(ScenarioCommandLine.run(arguments: [suite, "--junit", folder.path + "/no/such/folder/j.xml"],
                                        apps: ReferenceApps.all, context: context) == 74)
    }

    @Test("colour only on a terminal without NO_COLOR")
    func colourRules() {
        func context(terminal: Bool, noColor: String?) -> ScenarioCommandContext {
            ScenarioCommandContext(environment: noColor.map { ["NO_COLOR": $0] } ?? [:], standardErrorIsTerminal: terminal,
                                   processorCount: 1, workFolder: "/tmp", hostNanoseconds: { 0 }, nextSeed: { 0 },
                                   deviceSet: { throw FileSystemError.from(errno: ENOENT, operation: "open", path: "set") },
                                   fileSystem: POSIXFileSystem(), standardOutput: { _ in true }, standardError: { _ in })
        }
        #expect(context(terminal: true, noColor: nil).usesColor)
        #expect(context(terminal: true, noColor: "").usesColor)
        #expect(!context(terminal: true, noColor: "1").usesColor)
        #expect(!context(terminal: false, noColor: nil).usesColor)
    }

    @Test("HTML escaping and file-safe picture names", arguments: [
        ("a<b>&\"c'", "a&lt;b&gt;&amp;&quot;c&#39;"), ("plain", "plain"),
    ])
    func htmlEscaping(_ text: String, escaped: String) {
        #expect(HTMLReport.escape(text) == escaped)
        #expect(HTMLReport.fileSafe("Documents/Photo 1.jpg") == "Documents_Photo_1_jpg")
    }
}

/// Text written from several threads, kept in order.
final class PrintedText: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []

    func append(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        parts.append(text)
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return parts.joined()
    }
}
