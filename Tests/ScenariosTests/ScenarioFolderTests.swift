import Foundation
import Testing
@testable import Scenarios

/// The repository's `Scenarios/` folder: every scenario passes, and runs the same twice.
@Suite("Scenario folder")
struct ScenarioFolderTests {
    @Test("every scenario in Scenarios/ passes")
    func everyScenarioPasses() throws {
        let suite = try ScenarioSuite.load(path: ScenarioRunFolder.suiteFolder)
        let work = try ScenarioRunFolder()
        let results = work.runner.run(suite.scenarios, workers: 2)
        let failures = results.filter { !$0.passed }
        if !failures.isEmpty { Issue.record("\(TextReport.render(failures))") }
        #expect(results.count == suite.scenarios.count)
    }
}
