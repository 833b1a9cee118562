import Apps
import Core
import Foundation
@testable import ScenarioKit
import Scenarios
import Simulator
import Testing

/// A team's executable gets `simctl run`'s runner for its own apps: the same options, reports and
/// exit codes, with the team's app installed on each scenario's device.
@Suite("ScenarioMain") struct ScenarioMainTests {
    static let counting = """
        appId: com.example.Counter
        name: Count twice
        tags: [counter]
        ---
        - launchApp
        - tapOn: Count
        - tapOn: Count
        - assertVisible: "Count: 2"
        """

    static let countingWrongly = """
        appId: com.example.Counter
        name: Count once, expect three
        tags: [counter, broken]
        ---
        - launchApp
        - tapOn: Count
        - assertVisible: "Count: 3"
        """

    func run(_ arguments: [String], in folder: KitFolder) -> (code: Int32, output: CapturedOutput) {
        let captured = CapturedOutput()
        let code = ScenarioMain.run(apps: [CounterApp.definition], arguments: ["teamapp-scenarios"] + arguments,
                                    output: captured.output, workFolder: folder.work)
        return (code, captured)
    }

    @Test func theTeamsAppRunsAndPasses() throws {
        let folder = try KitFolder()
        try folder.write("count.yaml", Self.counting)
        let (code, output) = run([folder.suite], in: folder)
        #expect(code == ScenarioMain.successExitCode, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardOutput.contains("PASS"))
        #expect(output.standardOutput.contains("count.yaml"))
    }

    @Test func aFailingScenarioExitsOneWithItsMessage() throws {
        let folder = try KitFolder()
        try folder.write("count.yaml", Self.counting)
        try folder.write("wrong.yaml", Self.countingWrongly)
        let (code, output) = run(["-j", "2", folder.suite], in: folder)
        #expect(code == ScenarioMain.failureExitCode)
        #expect(output.standardOutput.contains("FAIL"))
        #expect(output.standardOutput.contains("Count: 3"))
    }

    /// As `simctl run` and Maestro's WorkspaceExecutionPlanner: tags that select no flow are an
    /// error naming them (an empty CI shard is not: see the shard tests).
    @Test func tagsSelectAndTagsThatSelectNothingAreRefused() throws {
        let folder = try KitFolder()
        try folder.write("count.yaml", Self.counting)
        try folder.write("wrong.yaml", Self.countingWrongly)
        #expect(run(["--exclude-tags", "broken", folder.suite], in: folder).code == ScenarioMain.successExitCode)
        let none = run(["--include-tags", "absent", folder.suite], in: folder)
        #expect(none.code == 65)
        #expect(none.output.standardError.contains("the tags match no flow"), "\(none.output.standardError)")
    }

    /// The options only `simctl run` had before the team runner called the same command line.
    @Test func reportRepeatAndShardsWorkAndReplayLinesNameTheRunner() throws {
        let folder = try KitFolder()
        try folder.write("wrong.yaml", Self.countingWrongly)
        let junit = folder.path + "/junit.xml", report = folder.path + "/report"
        let (code, output) = run(["--repeat", "2", "--seed", "5", "--report", report, "--junit", junit,
                                  "--shard-split", "1", "--shard-index", "0", folder.suite], in: folder)
        #expect(code == ScenarioMain.failureExitCode, "\(output.standardError)")
        #expect(output.standardOutput.contains("FAIL wrong.yaml — Count once, expect three (seed 5;")
            && output.standardOutput.contains("FAIL wrong.yaml — Count once, expect three (seed 6;"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("replay: teamapp-scenarios --seed 6 "))
        #expect(!output.standardOutput.contains("simctl run"))
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("teamapp-scenarios --seed 5 "))
        #expect(FileManager.default.fileExists(atPath: report + "/index.html"))
    }

    @Test func aTeamRunnerKnowsOnlyTheAppsItIsGiven() throws {
        let folder = try KitFolder()
        let file = try folder.write("mine.yaml", "appId: com.photosim.MyLocations\n---\n- launchApp\n")
        let output = CapturedOutput()
        let status = ScenarioMain.run(apps: [CounterApp.definition], arguments: ["teamapp-scenarios", file],
                                      output: output.output, workFolder: folder.work)
        #expect(status == ScenarioMain.failureExitCode)
        #expect(output.standardOutput.contains("no app com.photosim.MyLocations is known to the runner; known: com.example.Counter"),
                "\(output.standardOutput)")
    }

    @Test func jsonAndJUnitReports() throws {
        let folder = try KitFolder()
        try folder.write("count.yaml", Self.counting)
        let junit = folder.path + "/junit.xml"
        let (code, output) = run(["--json", "--junit", junit, "--seed", "7", folder.suite], in: folder)
        #expect(code == ScenarioMain.successExitCode)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.count == 1 && objects[0]["seed"] as? Int == 7 && objects[0]["passed"] as? Bool == true)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testcase") && xml.contains("file=\"count.yaml\"") && xml.contains("status=\"SUCCESS\""), "\(xml)")
    }

    @Test func aScenarioForAnUnregisteredAppFailsNamingTheKnownOnes() throws {
        let folder = try KitFolder()
        try folder.write("other.yaml", "appId: com.example.Other\n---\n- launchApp\n")
        let (code, output) = run([folder.suite], in: folder)
        #expect(code == ScenarioMain.failureExitCode)
        #expect(output.standardOutput.contains("no app com.example.Other is known to the runner; known: com.example.Counter\n"),
                "\(output.standardOutput)")
    }

    @Test func anInvalidFileExitsSixtyFiveAndRunsNothing() throws {
        let folder = try KitFolder()
        try folder.write("count.yaml", Self.counting)
        try folder.write("bad.yaml", "appId: com.example.Counter\n---\n- tapOnn: Count\n")
        let (code, output) = run([folder.suite], in: folder)
        #expect(code == ScenarioMain.invalidScenarioExitCode)
        #expect(output.standardError.contains("bad.yaml:3:3"))
        #expect(output.standardOutput.isEmpty)
    }

    @Test(arguments: [[], ["--bogus", "x.yaml"], ["-j", "0", "x.yaml"], ["-e", "NOEQUALS", "x.yaml"],
                      ["--shard-split", "2", "x.yaml"], ["--shard-split", "2", "--shard-index", "2", "x.yaml"]])
    func aUsageMistakeExitsSixtyFourWithTheUsage(_ arguments: [String]) throws {
        let folder = try KitFolder()
        let (code, output) = run(arguments, in: folder)
        #expect(code == ScenarioMain.usageExitCode, "\(output.standardError)")
        #expect(output.standardError.hasPrefix("teamapp-scenarios: "))
        #expect(output.standardError.contains("Usage: teamapp-scenarios"))
        #expect(output.standardOutput.isEmpty)
    }

    @Test func helpListsSimctlRunsOptionsUnderTheRunnersName() throws {
        let folder = try KitFolder()
        let (code, output) = run(["--help"], in: folder)
        #expect(code == ScenarioMain.successExitCode)
        #expect(output.standardOutput.hasPrefix("Usage: teamapp-scenarios [--set PATH] [--seed N]"))
        let optionLines = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("\t") } }
        let simctl = ScenarioCommandLine.help(program: .simctlRun)
        // simctl's --set comes before `run`; a runner takes its own.
        #expect(optionLines(output.standardOutput).dropFirst() == optionLines(simctl)[...])
        #expect(optionLines(output.standardOutput).first?.hasPrefix("\t--set PATH") == true)
        for option in ["--report DIR", "--repeat N", "--device D", "--keep", "--shard-split N", "--check-determinism"] {
            #expect(output.standardOutput.contains(option))
        }
    }

    @Test func setNamesTheDeviceSetThatDeviceIsIn() throws {
        let folder = try KitFolder()
        try folder.write("count.yaml", Self.counting)
        let setPath = folder.work + "-Devices"
        let set = DeviceSet(path: setPath, fileSystem: POSIXFileSystem(), clock: ManualClock(now: RuntimeDevice.epochDate),
                            random: SplitMix64(seed: 3), apps: ReferenceApps.all)
        defer { try? POSIXFileSystem().removeItem(at: setPath) }
        try set.boot(.udid(try set.create(name: "Team Phone", deviceType: "iPhone 15", runtime: nil).udid))

        for arguments in [["--set", setPath, "--device", "Team Phone"], ["--device", "Team Phone", "--set=\(setPath)"]] {
            let (code, output) = run(arguments + [folder.suite], in: folder)
            // The device is found in that set; the team's app is not installed on it.
            #expect(code == ScenarioMain.failureExitCode, "\(output.standardError)")
            #expect(output.standardOutput.contains("com.example.Counter is not installed on Team Phone"), "\(output.standardOutput)")
        }
    }

    @Test(arguments: [
        (["--set"], "--set needs a path."),
        (["--set", ""], "--set needs a path."),
        (["--set", "-j", "x.yaml"], "--set needs a path, not `-j`. For a folder whose name starts with -, write ./-j."),
        (["--set", "a", "--set=b", "x.yaml"], "--set was given twice (a, then b); give it once."),
    ])
    func aBadSetIsAUsageError(arguments: [String], message: String) throws {
        let folder = try KitFolder()
        let (code, output) = run(arguments, in: folder)
        #expect(code == ScenarioMain.usageExitCode)
        #expect(output.standardError.hasPrefix("teamapp-scenarios: " + message), "\(output.standardError)")
        #expect(output.standardError.contains("Usage: teamapp-scenarios [--set PATH]"))
    }

    @Test func variablesAndShardsReachTheRun() throws {
        let folder = try KitFolder()
        try folder.write("count.yaml", Self.counting.replacingOccurrences(of: "\"Count: 2\"", with: "${EXPECTED}"))
        #expect(run(["-e", "EXPECTED=Count: 2", folder.suite], in: folder).code == ScenarioMain.successExitCode)
        let shards = (0..<2).map { run(["-e", "EXPECTED=Count: 2", "--shard-split", "2", "--shard-index", "\($0)", folder.suite], in: folder) }
        #expect(shards.map(\.code) == [ScenarioMain.successExitCode, ScenarioMain.successExitCode])
        #expect(shards.filter { $0.output.standardOutput.contains("PASS count.yaml") }.count == 1)
    }
}
