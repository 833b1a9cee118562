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

    @Test func parametersOverrideTheHeaderAndFeedItsEnv() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\nenv: {PLACE: Beach, GREETING: \"hi ${WHO}\"}\n---\n- inputText: ${PLACE}\n- inputText: ${GREETING}\n")
        let loader = ScenarioLoader(parameters: ["PLACE": "Harbour", "WHO": "you"])
        #expect(try fixture.load("flow.yaml", loader: loader).steps.map(\.command) == [.inputText("Harbour"), .inputText("hi you")])
    }

    @Test func aSubstitutedNumberIsANumberWhereANumberIsExpected() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\nseed: ${SEED}\nenv: {SEED: 42, TIMES: 3}\n---\n- repeat: {times: \"${TIMES}\", commands: [back]}\n")
        let scenario = try fixture.load("flow.yaml")
        #expect(scenario.header.seed == 42)
        #expect(scenario.expandedCommandCount == 4)
    }

    @Test(arguments: [
        ("- inputText: ${PLAEC}", "flow.yaml:4:14: `inputText`: `${PLAEC}` is not defined; add PLAEC under `env:` in the header or pass it with -e PLAEC=…; did you mean `PLACE`?"),
        ("- inputText: ${PLACE + 1}", "flow.yaml:4:14: `inputText`: `${PLACE + 1}` is not a variable name; only ${NAME} is substituted (no JavaScript)"),
        ("- inputText: ${PLACE", "flow.yaml:4:14: `inputText`: `${` without a closing `}` in `${PLACE`"),
    ])
    func badSubstitutionsAreReported(_ line: String, message: String) throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\nenv: {PLACE: Beach}\n---\n\(line)\n")
        #expect(fixture.problems("flow.yaml") == ["<root>/" + message])
    }

    @Test func aDollarWithoutBraceIsKept() throws {
        #expect(try EnvironmentSubstitution.substitute("costs $5", environment: [:]).get().text == "costs $5")
    }
}
