import Testing
@testable import Scenarios

/// `${NAME}` in every value: header env, command-line parameters, typing after substitution.
@Suite struct EnvironmentSubstitutionTests {
    @Test func headerEnvIsSubstitutedInEveryValue() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", """
            appId: ${APP}
            name: Tag ${PLACE}
            env: {APP: com.photosim.MyLocations, PLACE: Beach, ID: "1", MODE: fill}
            ---
            - inputText: ${PLACE} at dawn
            - launchApp: {arguments: {thumbnailMode: "${MODE}"}}
            - assertPreference: {key: PhotoID, equals: "${ID}"}
            - assertPreference: {key: Place, equals: "${PLACE}"}
            - assertPreference: {key: Literal, equals: "1"}
            """)
        let scenario = try fixture.load("flow.yaml")
        #expect(scenario.header.appId == "com.photosim.MyLocations")
        #expect(scenario.header.name == "Tag Beach")
        #expect(scenario.steps.map(\.command) == [
            .inputText("Beach at dawn"),
            .launchApp(LaunchOptions(arguments: [LaunchArgument(name: "thumbnailMode", value: "fill")])),
            .assertPreference(key: "PhotoID", equals: .integer(1)),
            .assertPreference(key: "Place", equals: .text("Beach")),
            .assertPreference(key: "Literal", equals: .text("1")),
        ])
    }

    /// Maestro's order (mobile-dev-inc/Maestro#1065, YamlCommandReader `withEnv`): `-e` is set
    /// first and the flow's `env` after it, so the flow's wins; a default written as JavaScript
    /// keeps what `-e` gave.
    @Test func theFlowsEnvIsSetAfterParametersAndFeedsOnThem() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", """
            appId: a.b
            env: {PLACE: Beach, GREETING: "hi ${WHO}", USER: "${USER || 'guest'}", OTHER: "${OTHER || 'none'}"}
            ---
            - inputText: ${PLACE}
            - inputText: ${GREETING}
            - inputText: ${USER} ${OTHER}
            """)
        let loader = ScenarioLoader(parameters: ["PLACE": "Harbour", "WHO": "you", "USER": "ann"])
        #expect(try fixture.load("flow.yaml", loader: loader).steps.map(\.command)
            == [.inputText("Beach"), .inputText("hi you"), .inputText("ann none")])
    }

    /// Maestro's DefineVariablesCommand works out all of one `env`'s values before it sets any
    /// (Commands.kt `evaluateScripts`): a value reads the one beside it as it was before the
    /// `env`, here the `-e` parameter.
    @Test func oneEnvsValuesDoNotSeeEachOther() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", """
            appId: a.b
            env: {A: "2", B: "${A}", C: "${A || 'unset'}"}
            ---
            - inputText: ${A} ${B} ${C}
            """)
        let loader = ScenarioLoader(parameters: ["A": "1"])
        #expect(try fixture.load("flow.yaml", loader: loader).steps.map(\.command) == [.inputText("2 1 1")])
        #expect(try fixture.load("flow.yaml").steps.map(\.command) == [.inputText("2 undefined unset")])
    }

    @Test func aSubstitutedNumberIsANumberWhereANumberIsExpected() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\nseed: ${SEED}\nenv: {SEED: 42, TIMES: 3}\n---\n- repeat: {times: \"${TIMES}\", commands: [back]}\n")
        let scenario = try fixture.load("flow.yaml")
        #expect(scenario.header.seed == 42)
        #expect(scenario.expandedCommandCount == 4)
    }

    @Test(arguments: [
        // A name must be set; where the value is needed as the file loads (the header, a
        // path), JavaScript cannot stand either.
        ("- eraseText: ${PLAEC}", "flow.yaml:4:14: `eraseText`: `${PLAEC}` is not defined; add PLAEC under `env:` in the header or pass it with -e PLAEC=…; did you mean `PLACE`?"),
        ("- runFlow: \"${PLACE.toLowerCase()}.yaml\"", "flow.yaml:4:12: `runFlow`: `${PLACE.toLowerCase()}` is JavaScript, which runs when its command does, and this value is needed when the file loads (only a command's text, numbers and media files wait for it); write the value, or a ${NAME} set under `env:` or with -e"),
    ])
    func badSubstitutionsAreReported(_ line: String, message: String) throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\nenv: {PLACE: Beach}\n---\n\(line)\n")
        #expect(fixture.problems("flow.yaml") == ["<root>/" + message])
    }

    @Test func aHeaderValueCannotWaitForJavaScript() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\nseed: ${1 + 1}\n---\n- back\n")
        #expect(fixture.problems("flow.yaml") == ["<root>/flow.yaml:2:7: `seed`: `${1 + 1}` is JavaScript, which runs when its command does, "
            + "and this value is needed when the file loads (only a command's text, numbers and media files wait for it); write the value, or a "
            + "${NAME} set under `env:` or with -e"])
    }

    /// A command's number that is JavaScript waits for its command (Commands.kt's
    /// `evaluateScripts`): the file loads with a stand-in, and the step says what was written.
    @Test func aCommandsNumberThatIsJavaScriptLoadsAndShowsItsScript() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\n---\n- eraseText: ${output.n}\n- repeat: {times: \"${output.n * 2}\", commands: [back]}\n")
        let steps = try fixture.load("flow.yaml").steps
        #expect(steps.map(\.shownCommand) == ["eraseText {${output.n}}", "repeat {times: ${output.n * 2}}"])
        #expect(steps.allSatisfy { $0.deferred != nil })
    }

    /// Env.kt `evaluateScripts`: `\${…}` stays as written without its backslash, a `${` with
    /// no closing brace is text, and a script is kept for when its command runs.
    @Test func escapesAndUnclosedScriptsAreText() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\nenv: {PLACE: Beach}\n---\n- inputText: \\${PLACE} is ${PLACE}\n- inputText: ${PLACE\n"
            + "- inputText: ${PLACE + 1}\n")
        let steps = try fixture.load("flow.yaml").steps
        #expect(steps.map(\.command) == [.inputText("${PLACE} is Beach"), .inputText("${PLACE"), .inputText("${PLACE + 1}")])
        #expect(steps.map { $0.scriptVariables != nil } == [false, false, true])
        #expect(steps[2].scriptVariables == ["PLACE": "Beach", "MAESTRO_FILENAME": "flow"])
    }

    @Test func aDollarWithoutBraceIsKept() throws {
        #expect(MaestroTemplate.evaluate("costs $5") { _ in "never" } == "costs $5")
    }
}
