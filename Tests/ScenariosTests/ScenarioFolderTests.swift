import Foundation
import Testing
@testable import Scenarios

/// The repository's `Scenarios/` folder: every scenario passes, and runs the same twice.
@Suite("Scenario folder")
struct ScenarioFolderTests {
    @Test("every scenario in Scenarios/ passes")
    func everyScenarioPasses() throws {
        let suite = try ScenarioSuite.load(path: ScenarioRunFolder.suiteFolder, loader: ScenarioRunFolder.referenceLoader)
        #expect(suite.scenarios.count >= 40)
        let work = try ScenarioRunFolder()
        let results = work.runner.run(suite.scenarios, workers: 2)
        let failures = results.filter { !$0.passed }
        if !failures.isEmpty { Issue.record("\(TextReport.render(failures))") }
        #expect(results.map(\.relativePath) == suite.scenarios.map(\.relativePath))
    }

    /// With the test above, the suite runs under two seeds (the headers' and derived ones, then
    /// `--seed 7` for all): a user's `--seed` must not break a scenario.
    @Test("every scenario in Scenarios/ passes with --seed 7 too, and gives the same trace when run twice")
    func everyScenarioIsSeedIndependentAndDeterministic() throws {
        let suite = try ScenarioSuite.load(path: ScenarioRunFolder.suiteFolder, loader: ScenarioRunFolder.referenceLoader)
        let work = try ScenarioRunFolder()
        let results = work.runner.run(suite.scenarios, workers: 2, seed: 7, checkDeterminism: true)
        #expect(results.allSatisfy { $0.seed == 7 })
        let failures = results.filter { !$0.passed }
        if !failures.isEmpty { Issue.record("\(TextReport.render(failures))") }
    }

    @Test("every app, and every regression the seeds describe, has scenarios", arguments: [
        "mylocations/", "lootlogger/", "photoblobs/", "photoshare/",
    ])
    func everyAppIsCovered(folder: String) throws {
        let suite = try ScenarioSuite.load(path: ScenarioRunFolder.suiteFolder, loader: ScenarioRunFolder.referenceLoader)
        let scenarios = suite.scenarios.filter { $0.relativePath.hasPrefix(folder) }
        #expect(scenarios.count >= 5)
        #expect(scenarios.contains { $0.header.tags.contains("regression") })
    }
}
