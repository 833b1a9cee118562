import Foundation
import ScenarioKit
import ScenarioKitTesting
import Simulator
import Testing

/// The Swift Testing forms record the check's message as an issue (seen here as a known issue)
/// and stay silent when the check holds.
@Suite("ScenarioKitTesting") struct ScenarioExpectationsTests {
    @Test func aPassingScenarioRecordsNothing() throws {
        let folder = try KitFolder()
        let file = try folder.write("count.yaml", ScenarioMainTests.counting)
        let result = expectScenarioPasses(file, apps: [CounterApp.definition], workFolder: folder.work)
        #expect(result?.passed == true)
    }

    @Test func aFailingScenarioRecordsItsMessage() throws {
        let folder = try KitFolder()
        let file = try folder.write("wrong.yaml", ScenarioMainTests.countingWrongly)
        withKnownIssue {
            expectScenarioPasses(file, apps: [CounterApp.definition], workFolder: folder.work)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("wrong.yaml: wrong.yaml:7:3 assertVisible") }
        }
    }

    @Test func aFailureRecordsTheReplayOfTheGivenProgram() throws {
        let folder = try KitFolder()
        let file = try folder.write("wrong.yaml", ScenarioMainTests.countingWrongly)
        withKnownIssue {
            expectScenarioPasses(file, apps: [CounterApp.definition], seed: 9, workFolder: folder.work,
                                 replayProgram: "swift run counter-scenarios")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasSuffix("seed 9; replay: swift run counter-scenarios --seed 9 \(file)") }
        }
    }

    @Test func aLeakIsRecordedNamingIt() throws {
        let folder = try KitFolder()
        let host = try ScenarioCheckTests.counterHost(folder)
        try host.launch(arguments: ["leaky": "true"])
        withKnownIssue {
            expectNoLeaks(host) {
                try host.tap("Details")
                try host.back()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("CounterDetailsScreen") }
        }
    }

    @Test func aKeptCacheIsRecordedAndAnEmptiedOneIsNot() throws {
        let kept = try KitFolder(), emptied = try KitFolder()
        let keeping = try ScenarioCheckTests.lootLoggerHost(kept), emptying = try ScenarioCheckTests.lootLoggerHost(emptied)
        withKnownIssue {
            expectSurvivesMemoryWarning(keeping) {
                try keeping.launch(arguments: ["flushOnMemoryWarning": "false"])
                try ScenarioCheckTests.pickAPhotoAndGoBack(keeping)
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("off screen") }
        }
        expectSurvivesMemoryWarning(emptying) {
            try emptying.launch()
            try ScenarioCheckTests.pickAPhotoAndGoBack(emptying)
        }
    }
}
