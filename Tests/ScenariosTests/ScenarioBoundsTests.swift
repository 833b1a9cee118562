import Testing
@testable import Scenarios

/// Runaway files are refused with a message, not loaded slowly: file size, command count
/// (runFlow and repeat expanded), nesting depth.
@Suite struct ScenarioBoundsTests {
    @Test func thousandsOfCommandsLoad() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\n---\n" + String(repeating: "- tapOn: {id: description}\n- inputText: Beach\n", count: 2_500))
        let scenario = try fixture.load("flow.yaml")
        #expect(scenario.steps.count == 5_000)
        #expect(scenario.expandedCommandCount == 5_000)
    }

    @Test func tooManyCommandsAreRefusedAtTheOneOverTheLimit() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\n---\n" + String(repeating: "- back\n", count: 20))
        let loader = ScenarioLoader(limits: ScenarioLimits(maximumCommands: 10))
        #expect(fixture.problems("flow.yaml", loader: loader) == [
            "<root>/flow.yaml:13:3: the scenario runs more than 10 commands (counting runFlow files and repeat times); split it into several scenarios",
        ])
    }

    @Test func nestedRepeatsCountTheirProduct() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", """
            appId: a.b
            ---
            - repeat:
                times: 100
                commands:
                  - repeat:
                      times: 100
                      commands:
                        - repeat: {times: 100, commands: [back]}
            """)
        #expect(fixture.problems("flow.yaml") == [
            "<root>/flow.yaml:9:47: the scenario runs more than 100000 commands (counting runFlow files and repeat times); split it into several scenarios",
        ])
    }

    @Test func runFlowExpansionCounts() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("sub.yaml", "appId: a.b\n---\n" + String(repeating: "- back\n", count: 4))
        try fixture.write("main.yaml", "appId: a.b\n---\n" + String(repeating: "- runFlow: sub.yaml\n", count: 3))
        #expect(try fixture.load("main.yaml").expandedCommandCount == 12)
        let loader = ScenarioLoader(limits: ScenarioLimits(maximumCommands: 10))
        #expect(fixture.problems("main.yaml", loader: loader) == [
            "<root>/sub.yaml:5:3: the scenario runs more than 10 commands (counting runFlow files and repeat times); split it into several scenarios",
        ])
    }

    @Test func aLargeFileIsRefusedBeforeReading() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\n---\n" + String(repeating: "- back\n", count: 200))
        let loader = ScenarioLoader(limits: ScenarioLimits(maximumFileBytes: 1_000))
        #expect(fixture.problems("flow.yaml", loader: loader) == [
            "<root>/flow.yaml:1:1: the file is 1415 bytes; scenario files may be at most 1000 bytes; split it with runFlow",
        ])
    }

    @Test func deepNestingIsRefusedWhereItGoesTooDeep() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\n---\n- tapOn: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n")
        let problems = fixture.problems("flow.yaml", loader: ScenarioLoader(limits: ScenarioLimits(maximumDepth: 8)))
        #expect(problems == ["<root>/flow.yaml:3:16: nested more than 8 levels deep; flatten the file or split it with runFlow"])
    }
}
