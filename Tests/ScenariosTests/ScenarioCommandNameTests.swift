import Testing
@testable import Scenarios

/// Every command name is decoded, as a command of that name.
@Suite struct ScenarioCommandNameTests {
    @Test(arguments: ScenarioCommandName.allCases)
    func eachNameLoadsAsACommandOfThatName(_ name: ScenarioCommandName) throws {
        let fixture = try ScenarioFixture()
        let sample = CommandSample.of(name, suite: fixture.root)
        let steps = try sample.load(sample.file, in: fixture)
        #expect(steps.map(\.command.withoutLocations) == [sample.command.withoutLocations], "\(sample.line)")
        if name == .runFlow {
            #expect(steps.map(\.callers.count) == [1], "the flow's command remembers the runFlow that brought it")
        } else if name == .action {
            #expect(steps.map(\.command.commandName) == [.back], "Maestro's `action: back` is its back command")
        } else {
            #expect(steps.map(\.command.commandName) == [name])
        }
    }

    /// An unknown name is matched against every name, `runFlow` (no command of its own) included.
    @Test(arguments: [("runflow", "runFlow"), ("killAtTraceEvnt", "killAtTraceEvent"), ("asertNoLeaks", "assertNoLeaks"),
                      ("tapp", "tapOn"), ("bak", "back")])
    func anUnknownNameSuggestsTheNearestName(_ written: String, suggested: String) throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", CommandSample.header + "- \(written): x\n")
        #expect(fixture.problems("flow.yaml") == ["<root>/flow.yaml:3:3: unknown command `\(written)`; did you mean `\(suggested)`?"])
    }
}
