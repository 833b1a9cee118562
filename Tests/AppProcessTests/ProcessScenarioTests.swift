import AppRuntime
import Foundation
import Scenarios
import Testing

/// Scenarios (Tests/Apps/JournalScenarios) run on the Journal app in its own process: the same
/// words as on the app host, carried out over the app's channel.
@Suite struct ProcessScenarioTests {
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Apps/JournalScenarios").path

    private func run(_ name: String, fixture: JournalFixture) throws -> ScenarioResult {
        let scenario = try #require(try ScenarioSuite.load(path: Self.suite).scenarios.first { $0.relativePath == name })
        var runner = ScenarioRunner(apps: [], workFolder: fixture.folder.appending("runs"), hostNanoseconds: { 0 })
        runner.appBundles = [fixture.bundle]
        return runner.run(scenario)
    }

    @Test(arguments: ["add-entry.yaml", "lifecycle.yaml", "list.yaml", "crash.yaml", "photo.yaml", "no-camera.yaml",
                      "camera-without-usage-key.yaml", "jetsam.yaml", "within-limit.yaml"])
    func theJournalsScenariosPass(name: String) throws {
        let fixture = try JournalFixture()
        let result = try run(name, fixture: fixture)
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
        #expect(result.commands.allSatisfy { $0.status == .passed })
    }

    @Test func theSameSeedGivesTheSameTrace() throws {
        let one = try run("list.yaml", fixture: try JournalFixture())
        let two = try run("list.yaml", fixture: try JournalFixture())
        #expect(one.traceDigest == two.traceDigest)
        #expect(one.traceLineCount > 20)
    }

    @Test func aFailingAssertionNamesWhatIsOnScreen() throws {
        let fixture = try JournalFixture()
        let yaml = fixture.folder.appending("fails.yaml")
        try "appId: com.example.journal\n---\n- launchApp\n- assertVisible: Nothing like this\n".write(toFile: yaml, atomically: true, encoding: .utf8)
        let scenario = try #require(try ScenarioSuite.load(path: yaml).scenarios.first)
        var runner = ScenarioRunner(apps: [], workFolder: fixture.folder.appending("runs"), hostNanoseconds: { 0 })
        runner.appBundles = [fixture.bundle]
        let result = runner.run(scenario)
        let failure = try #require(result.failure)
        #expect(failure.message.contains("“Nothing like this” is not on screen; on screen: "), "\(failure.message)")
        #expect(failure.message.contains("label “0 entries” #count"), "\(failure.message)")
    }

    @Test func aDeviceOrRuntimeThatDoesNotExistIsRefusedSayingWhereToLook() throws {
        let fixture = try JournalFixture()
        var runner = ScenarioRunner(apps: [], workFolder: fixture.folder.appending("runs"), hostNanoseconds: { 0 })
        runner.appBundles = [fixture.bundle]
        for (header, message) in [("device: iPhone 99", "no device type is called iPhone 99; see `simctl list devicetypes`"),
                                  ("runtime: iOS 3.0", "no runtime is called iOS 3.0; see `simctl list runtimes`")] {
            let yaml = fixture.folder.appending("device.yaml")
            try "appId: com.example.journal\n\(header)\n---\n- launchApp\n".write(toFile: yaml, atomically: true, encoding: .utf8)
            let result = runner.run(try #require(try ScenarioSuite.load(path: yaml).scenarios.first))
            #expect(result.failure?.message == message, "\(String(describing: result.failure))")
        }
    }

    @Test func whatAnAppProcessCannotDoYetIsRefusedBeforeItRuns() throws {
        let fixture = try JournalFixture()
        let yaml = fixture.folder.appending("clock.yaml")
        try "appId: com.example.journal\n---\n- launchApp\n- advanceClock: 1s\n".write(toFile: yaml, atomically: true, encoding: .utf8)
        let scenario = try #require(try ScenarioSuite.load(path: yaml).scenarios.first)
        var runner = ScenarioRunner(apps: [], workFolder: fixture.folder.appending("runs"), hostNanoseconds: { 0 })
        runner.appBundles = [fixture.bundle]
        let result = runner.run(scenario)
        let failure = try #require(result.failure)
        #expect(failure.command == "setup")
        #expect(failure.message.contains("advanceClock is not supported on an app in its own process yet"), "\(failure.message)")
        #expect(result.commands.allSatisfy { $0.status == .skipped })
    }
}
