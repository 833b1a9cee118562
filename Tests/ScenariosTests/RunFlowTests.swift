import Testing
@testable import Scenarios

/// `runFlow` files are inlined with their own variables; cycles and deep chains are refused.
@Suite struct RunFlowTests {
    /// Maestro's order (YamlCommandReader `readCommands` and the runFlow's `withEnv`): the
    /// runFlow's `env` is set first, the flow's own `env` after it; what a flow sets stays set.
    @Test func aFlowFileIsInlinedWithItsEnvAndItsCaller() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("subflows/tag.yaml", """
            appId: com.photosim.MyLocations
            env: {PLACE: "${PLACE || 'Default'}", CATEGORY: Beach}
            ---
            - tapOn: Tag Location
            - inputText: ${PLACE} ${CATEGORY} ${SHARED}
            """)
        try fixture.write("main.yaml", """
            appId: com.photosim.MyLocations
            env: {SHARED: shared}
            ---
            - launchApp
            - runFlow: {file: subflows/tag.yaml, env: {PLACE: Harbour, CATEGORY: Lake}}
            - runFlow: subflows/tag.yaml
            - inputText: ${CATEGORY}
            """)
        let scenario = try fixture.load("main.yaml")
        #expect(scenario.steps.map(\.command) == [
            .launchApp(LaunchOptions()),
            .tapOn(ElementSelector(text: "Tag Location")), .inputText("Harbour Beach shared"),
            // PLACE stays Harbour after the first runFlow, so the default is not needed.
            .tapOn(ElementSelector(text: "Tag Location")), .inputText("Harbour Beach shared"),
            .inputText("Beach"),
        ])
        let inlined = scenario.steps[1]
        #expect(inlined.location == SourceLocation(file: fixture.root + "/subflows/tag.yaml", line: 4, column: 3))
        #expect(inlined.callers == [SourceLocation(file: fixture.root + "/main.yaml", line: 5, column: 3)])
        #expect(inlined.description == "\(fixture.root)/subflows/tag.yaml:4:3 (from \(fixture.root)/main.yaml:5:3)")
    }

    @Test func aFlowIsRelativeToTheFileThatRunsIt() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flows/a.yaml", "appId: a.b\n---\n- runFlow: nested/b.yaml\n")
        try fixture.write("flows/nested/b.yaml", "appId: a.b\n---\n- runFlow: ../c.yaml\n")
        try fixture.write("flows/c.yaml", "appId: a.b\n---\n- back\n")
        let scenario = try fixture.load("flows/a.yaml")
        #expect(scenario.steps.map(\.command) == [.back])
        #expect(scenario.steps[0].callers.map(\.line) == [3, 3])
    }

    @Test func inlineCommandsRunWithTheirEnv() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\n---\n- runFlow: {commands: [{inputText: \"${X}\"}], env: {X: inline}}\n")
        #expect(try fixture.load("flow.yaml").steps.map(\.command) == [.inputText("inline")])
    }

    @Test func aCycleIsRefusedNamingTheChain() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("a.yaml", "appId: a.b\n---\n- runFlow: b.yaml\n")
        try fixture.write("b.yaml", "appId: a.b\n---\n- back\n- runFlow: a.yaml\n")
        #expect(fixture.problems("a.yaml") == [
            "<root>/b.yaml:4:12: `runFlow`: `a.yaml` runs itself (a.yaml → b.yaml → a.yaml); remove one of the runFlow commands",
        ])
    }

    @Test func aFlowRunningItselfIsACycle() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("a.yaml", "appId: a.b\n---\n- runFlow: ./a.yaml\n")
        #expect(fixture.problems("a.yaml") == [
            "<root>/a.yaml:3:12: `runFlow`: `a.yaml` runs itself (a.yaml → a.yaml); remove one of the runFlow commands",
        ])
    }

    @Test func problemsInsideAFlowFileAreReportedThere() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("sub.yaml", "appId: a.b\n---\n- tapOnn: Done\n")
        try fixture.write("main.yaml", "appId: a.b\n---\n- runFlow: sub.yaml\n- runFlow: missing.yaml\n")
        #expect(fixture.problems("main.yaml") == [
            "<root>/main.yaml:4:12: `runFlow`: no such file `missing.yaml` (looked for `<root>/missing.yaml`)",
            "<root>/sub.yaml:3:3: unknown command `tapOnn`; did you mean `tapOn`?",
        ])
    }

    @Test func aConditionalFlowIsOneStepHoldingItsFlowsSteps() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("x.yaml", "appId: a.b\n---\n- back\n- tapOn: Done\n")
        try fixture.write("flow.yaml", "appId: a.b\n---\n- runFlow: {file: x.yaml, when: {visible: Done}}\n"
            + "- repeat: {while: {notVisible: Done}, commands: [back]}\n")
        let steps = try fixture.load("flow.yaml").steps
        guard case .conditional(let condition, let inner) = steps.first?.command else { Issue.record("\(steps)"); return }
        #expect(condition == FlowCondition(visible: ElementSelector(text: "Done")))
        #expect(inner.map(\.command) == [.back, .tapOn(ElementSelector(text: "Done"))])
        #expect(inner.first?.location.line == 3 && inner.first?.callers.map(\.line) == [3], "the flow's steps keep their own lines")
        #expect(steps.last?.command == .repeatWhile(FlowCondition(notVisible: ElementSelector(text: "Done")), times: nil,
                                                   steps: [ScenarioStep(command: .back, location: steps.last!.command.nestedSteps![0].location)]))
    }

    @Test func chainsDeeperThanTheLimitAreRefused() throws {
        let fixture = try ScenarioFixture()
        for index in 0..<5 { try fixture.write("f\(index).yaml", "appId: a.b\n---\n- runFlow: f\(index + 1).yaml\n") }
        try fixture.write("f5.yaml", "appId: a.b\n---\n- back\n")
        let loader = ScenarioLoader(limits: ScenarioLimits(maximumFlowDepth: 3))
        #expect(fixture.problems("f0.yaml", loader: loader) == [
            "<root>/f2.yaml:3:12: `runFlow`: flows call each other more than 3 deep",
        ])
        #expect(try fixture.load("f0.yaml").steps.map(\.callers.count) == [5])
    }
}
