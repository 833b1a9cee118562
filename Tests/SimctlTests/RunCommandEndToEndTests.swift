import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `simctl run` through the built binary: exit codes, what it prints, the JUnit and JSON
/// reports, sharding by flags and by Bazel's variables, `--repeat` and `--check-determinism`.
@Suite("simctl run end to end")
struct RunCommandEndToEndTests {
    static let passing = """
        appId: com.photosim.MyLocations
        name: Tag screen shows
        ---
        - launchApp
        - assertVisible: Tag Location

        """
    static let failing = """
        appId: com.photosim.MyLocations
        name: Library holds three
        ---
        - launchApp
        - assertLibrary: 3

        """
    static let invalid = """
        appId: com.photosim.MyLocations
        ---
        - launchApp
        - tapon: Tag Location

        """

    /// A folder holding `files` (name → YAML); returns its path.
    static func suite(_ runner: SimctlRunner, _ files: [String: String]) throws -> String {
        let folder = runner.folder.appendingPathComponent("suite")
        for (name, text) in files {
            let path = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(atPath: path.deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return folder
    }

    /// Runs `simctl run` with `environment` added to this process's.
    static func run(_ runner: SimctlRunner, _ arguments: [String], environment: [String: String] = [:]) throws -> SimctlRunner.Result {
        var merged = ProcessInfo.processInfo.environment
        for name in ["TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", "TEST_SHARD_STATUS_FILE", "XML_OUTPUT_FILE"] { merged[name] = nil }
        merged.merge(environment) { $1 }
        return try SimctlRunner.execute(SimctlRunner.simctlPath, ["--set", runner.setPath, "run"] + arguments, environment: merged)
    }

    /// The `path` of each object of `--json`'s output.
    static func jsonPaths(_ result: SimctlRunner.Result) throws -> [String] {
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        return objects.compactMap { $0["path"] as? String }
    }

    @Test("a --device the set does not have is a usage error, found before anything runs")
    func anUnknownDeviceIsAUsageError() throws {
        let runner = try SimctlRunner()
        let suite = try Self.suite(runner, ["one.yaml": "appId: com.photosim.MyLocations\n---\n- launchApp\n"])
        let unknown = try Self.run(runner, [suite + "/one.yaml", "--device", "iPhone 99"])
        #expect(unknown.exitCode == 64, "\(unknown)")
        #expect(unknown.standardError.contains("--device iPhone 99: no device of the set at \(runner.setPath) has that UDID or name; "
            + "`simctl list devices` lists them, `simctl create NAME TYPE` makes one"), "\(unknown.standardError)")
        #expect(!unknown.standardOutput.contains("one.yaml"), "nothing ran: \(unknown.standardOutput)")
        let unbooted = try Self.run(runner, [suite + "/one.yaml", "--device", "booted"])
        #expect(unbooted.exitCode == 64)
        #expect(unbooted.standardError.contains("--device booted: no device of the set at \(runner.setPath) is booted"), "\(unbooted.standardError)")
    }

    @Test("a passing folder exits 0 and prints a line per scenario and the totals")
    func passingFolderExitsZero() throws {
        let runner = try SimctlRunner()
        let folder = try Self.suite(runner, ["a.yaml": Self.passing, "more/b.yaml": Self.passing, "config.yaml": "flows: [\"**\"]\n"])
        let result = try Self.run(runner, [folder, "-j", "2"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("PASS a.yaml — Tag screen shows"))
        #expect(result.standardOutput.contains("PASS more/b.yaml"))
        #expect(result.standardOutput.contains("2 scenarios: 2 passed, 0 failed"))
        #expect(!result.standardOutput.contains("\u{1B}") && !result.standardError.contains("\r"), "no ANSI or progress off a terminal")
    }

    /// WorkspaceExecutionPlanner and TestSuiteInteractor.kt: `executionOrder.flowsOrder` runs
    /// its flows first, one at a time, in its order; with `continueOnFailure: false` a failure
    /// ends the sequence, and the other flows still run. Sharding such a suite is refused.
    @Test("executionOrder runs its flows first and in order, and continueOnFailure false ends the sequence")
    func executionOrderRunsTheSequenceFirst() throws {
        let runner = try SimctlRunner()
        func named(_ text: String, _ name: String) -> String {
            text.replacingOccurrences(of: "name: Tag screen shows", with: "name: \(name)")
                .replacingOccurrences(of: "name: Library holds three", with: "name: \(name)")
        }
        let folder = try Self.suite(runner, [
            "config.yaml": "executionOrder:\n  continueOnFailure: false\n  flowsOrder: [sign in, fails, never]\n",
            "a.yaml": named(Self.passing, "other"),
            "b.yaml": named(Self.failing, "fails"),
            "c.yaml": named(Self.passing, "never"),
            "d.yaml": named(Self.passing, "sign in"),
        ])
        let result = try Self.run(runner, [folder, "-j", "2"])
        let lines = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
        #expect(lines.map { String($0.prefix(10)) } == ["PASS d.yam", "FAIL b.yam", "PASS a.yam"], "\(result)")
        #expect(result.standardOutput.contains("1 scenario of the executionOrder sequence not run: an earlier one failed"), "\(result)")
        #expect(result.exitCode == 1)
        let sharded = try Self.run(runner, [folder, "--shard-split", "2", "--shard-index", "0"])
        #expect(sharded.exitCode == 65 && sharded.standardError.contains("Cannot run sharded tests with sequential execution"), "\(sharded)")
    }

    @Test("a failing scenario exits 1 with its line, expected and actual, seed, replay and trace")
    func failingScenarioExitsOne() throws {
        let runner = try SimctlRunner()
        let folder = try Self.suite(runner, ["ok.yaml": Self.passing, "fail.yaml": Self.failing])
        let result = try Self.run(runner, [folder])
        #expect(result.exitCode == 1, "\(result)")
        let output = result.standardOutput
        #expect(output.contains("FAIL fail.yaml — Library holds three"))
        #expect(output.contains("fail.yaml:5:3 assertLibrary"))
        #expect(output.contains("expected: 3"), "\(output)")
        #expect(output.contains("actual:   0"), "\(output)")
        #expect(output.contains("seed ") && output.contains("replay: simctl run --seed "))
        #expect(output.contains("trace (last"))
        #expect(output.contains("2 scenarios: 1 passed, 1 failed"))
    }

    @Test("an invalid file exits 65 with file:line:column and runs nothing")
    func invalidFileExitsSixtyFive() throws {
        let runner = try SimctlRunner()
        let folder = try Self.suite(runner, ["ok.yaml": Self.passing, "bad.yaml": Self.invalid])
        let result = try Self.run(runner, [folder])
        #expect(result.exitCode == 65, "\(result)")
        #expect(result.standardError.contains("bad.yaml:4:3: unknown command `tapon`; did you mean `tapOn`?"), "\(result)")
        #expect(result.standardError.contains("No scenario ran"))
        #expect(!result.standardOutput.contains("PASS"))
    }

    @Test("usage mistakes exit 64 and show the usage", arguments: [
        (["--shard-index", "0"], [String: String](), "--shard-index needs --shard-split"),
        (["--shard-split", "2"], [:], "--shard-split needs --shard-index"),
        (["--shard-split", "2", "--shard-index", "2"], [:], "--shard-index must be from 0 to 1"),
        (["--repeat", "0"], [:], "--repeat needs a whole number of 1 or more"),
        (["-e", "NOVALUE"], [:], "-e needs KEY=VALUE"),
        (["--shard-split", "2", "--shard-index", "0"], ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "1"], "conflicts with Bazel's"),
        ([], ["TEST_TOTAL_SHARDS": "3"], "TEST_SHARD_INDEX (unset)"),
        (["--shuffle"], [:], "Unknown option: --shuffle"),
    ])
    func usageMistakesExitSixtyFour(_ arguments: [String], environment: [String: String], says: String) throws {
        let runner = try SimctlRunner()
        let folder = try Self.suite(runner, ["a.yaml": Self.passing])
        let result = try Self.run(runner, arguments + [folder], environment: environment)
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.standardError.contains(says), "\(result)")
        #expect(result.standardError.contains("Usage: simctl run"))
    }

    @Test("no file at all is a usage error")
    func noFileIsAUsageError() throws {
        let result = try Self.run(try SimctlRunner(), [])
        #expect(result.exitCode == 64 && result.standardError.contains("Missing arguments for run"), "\(result)")
    }

    @Test("--junit writes XML that parses: a testcase per scenario, a failure with message")
    func junitFileParses() throws {
        let runner = try SimctlRunner()
        let folder = try Self.suite(runner, ["ok.yaml": Self.passing, "fail.yaml": Self.failing])
        let path = runner.folder.appendingPathComponent("junit.xml")
        let result = try Self.run(runner, [folder, "--junit", path])
        #expect(result.exitCode == 1, "\(result)")
        let counter = try JUnitCounter(path: path)
        #expect(counter.testcases == 2 && counter.failures == 1 && counter.properties.contains("replay"))
    }

    @Test("--json prints an array on standard output, the summary on standard error")
    func jsonParses() throws {
        let runner = try SimctlRunner()
        let folder = try Self.suite(runner, ["ok.yaml": Self.passing, "fail.yaml": Self.failing])
        let result = try Self.run(runner, [folder, "--json"])
        #expect(result.exitCode == 1)
        #expect(try Self.jsonPaths(result) == ["fail.yaml", "ok.yaml"])
        #expect(result.standardError.contains("2 scenarios: 1 passed, 1 failed"))
    }

    static let shardFiles = Dictionary(uniqueKeysWithValues: (1...7).map { ("s\($0).yaml", passing) })

    @Test("--shard-split: every scenario runs in exactly one of the shards")
    func shardsCoverEveryScenarioOnce() throws {
        let runner = try SimctlRunner()
        let folder = try Self.suite(runner, Self.shardFiles)
        var seen: [String] = []
        for index in 0..<3 {
            let result = try Self.run(runner, [folder, "--json", "--shard-split", "3", "--shard-index", String(index)])
            #expect(result.exitCode == 0, "\(result)")
            seen += try Self.jsonPaths(result)
        }
        #expect(seen.sorted() == Self.shardFiles.keys.sorted())
    }

    @Test("Bazel: shards from TEST_TOTAL_SHARDS/TEST_SHARD_INDEX, status file touched, JUnit to XML_OUTPUT_FILE")
    func bazelShardingProtocol() throws {
        let runner = try SimctlRunner()
        let folder = try Self.suite(runner, Self.shardFiles)
        var seen: [String] = []
        for index in 0..<2 {
            let status = runner.folder.appendingPathComponent("status-\(index)")
            let xml = runner.folder.appendingPathComponent("test-\(index).xml")
            let result = try Self.run(runner, [folder, "--json"], environment: [
                "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": String(index), "TEST_SHARD_STATUS_FILE": status, "XML_OUTPUT_FILE": xml])
            #expect(result.exitCode == 0, "\(result)")
            #expect(FileManager.default.fileExists(atPath: status))
            let paths = try Self.jsonPaths(result)
            #expect(try JUnitCounter(path: xml).testcases == paths.count)
            seen += paths
        }
        #expect(seen.sorted() == Self.shardFiles.keys.sorted())
    }

    @Test("explicit shard flags win when they agree with Bazel's")
    func agreeingFlagsAndBazelRun() throws {
        let runner = try SimctlRunner()
        let folder = try Self.suite(runner, Self.shardFiles)
        let result = try Self.run(runner, [folder, "--shard-split", "2", "--shard-index", "1"],
                                  environment: ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "1"])
        #expect(result.exitCode == 0, "\(result)")
    }

    @Test("--repeat runs each scenario N times with a new seed each time, each run's line naming its seed")
    func repeatPrintsEverySeed() throws {
        let runner = try SimctlRunner()
        let folder = try Self.suite(runner, ["a.yaml": Self.passing])
        let result = try Self.run(runner, [folder, "--repeat", "3"])
        #expect(result.exitCode == 0, "\(result)")
        let seeds = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("PASS a.yaml — Tag screen shows (seed ") }
            .map { $0.dropFirst("PASS a.yaml — Tag screen shows (seed ".count).prefix { $0 != ";" } }
        #expect(seeds.count == 3 && Set(seeds).count == 3, "\(result)")
        #expect(result.standardOutput.contains("3 scenarios: 3 passed, 0 failed"), "\(result)")
        let fixed = try Self.run(runner, [folder, "--repeat", "3", "--seed", "40"])
        let lines = fixed.standardOutput.split(separator: "\n").filter { $0.hasPrefix("PASS a.yaml") }
        #expect(lines.map { $0.contains("(seed 40;") || $0.contains("(seed 41;") || $0.contains("(seed 42;") } == [true, true, true],
                "\(fixed)")
        #expect(lines.count == 3 && lines[0].contains("seed 40;") && lines[2].contains("seed 42;"), "in order: \(fixed)")
    }

    @Test("--check-determinism passes a deterministic scenario and still reports a failing one")
    func checkDeterminism() throws {
        let runner = try SimctlRunner()
        let folder = try Self.suite(runner, ["ok.yaml": Self.passing, "fail.yaml": Self.failing])
        let result = try Self.run(runner, [folder, "--check-determinism", "--json"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(!result.standardError.contains("differ"))
        let passed = try Self.run(runner, [folder.appendingPathComponent("ok.yaml"), "--check-determinism"])
        #expect(passed.exitCode == 0, "\(passed)")
    }

    @Test("-e sets a parameter a scenario reads")
    func environmentParameter() throws {
        let runner = try SimctlRunner()
        let text = "appId: com.photosim.MyLocations\n---\n- launchApp\n- assertVisible: ${LABEL}\n"
        let folder = try Self.suite(runner, ["a.yaml": text])
        #expect(try Self.run(runner, [folder, "-e", "LABEL=Tag Location"]).exitCode == 0)
        #expect(try Self.run(runner, [folder, "-e", "LABEL=Nothing"]).exitCode == 1)
    }
}

/// Counts a JUnit file's elements with Foundation's `XMLParser`.
final class JUnitCounter: NSObject, XMLParserDelegate {
    private(set) var testcases = 0
    private(set) var failures = 0
    private(set) var properties: [String] = []

    init(path: String) throws {
        super.init()
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "testcase": testcases += 1
        case "failure": failures += 1
        case "property": properties.append(attributes["name"] ?? "")
        default: break
        }
    }
}
