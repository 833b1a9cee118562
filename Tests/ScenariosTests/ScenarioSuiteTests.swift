import Testing
@testable import Scenarios

/// A folder of scenarios: discovery, config.yaml, tag filtering, all files checked.
@Suite struct ScenarioSuiteTests {
    static func flow(tags: [String]) -> String {
        "appId: a.b\ntags: [\(tags.joined(separator: ", "))]\n---\n- back\n"
    }

    /// WorkspaceExecutionPlanner: without `flows`, Maestro's pattern `*` takes the folder's own
    /// top-level files; `**` every file below, sorted by path.
    @Test func aFolderLoadsItsTopLevelFlowsOrWhatItsConfigSelects() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("b.yaml", Self.flow(tags: []))
        try fixture.write("a/z.yml", Self.flow(tags: []))
        try fixture.write("a/notes.txt", "not a scenario")
        try fixture.write(".hidden/x.yaml", "broken: [")
        #expect(try ScenarioSuite.load(path: fixture.root).scenarios.map(\.relativePath) == ["b.yaml"])
        try fixture.write("config.yaml", "flows: [\"**\"]\n")
        #expect(try ScenarioSuite.load(path: fixture.root).scenarios.map(\.relativePath) == ["a/z.yml", "b.yaml"])
    }

    /// ExecutionOrderPlanner `getFlowsToRunInSequence`: the longest run from the start of
    /// `flowsOrder` that names flows; a first name that is no flow is an error.
    @Test func executionOrderPutsTheNamedFlowsFirst() throws {
        let fixture = try ScenarioFixture()
        for name in ["a", "b", "c"] { try fixture.write("\(name).yaml", "appId: a.b\nname: \(name)\n---\n- back\n") }
        try fixture.write("config.yaml", "executionOrder: {flowsOrder: [c, a, missing, b]}\n")
        let suite = try ScenarioSuite.load(path: fixture.root)
        #expect(suite.scenarios.map(\.relativePath) == ["c.yaml", "a.yaml", "b.yaml"])
        #expect(suite.sequenceCount == 2 && suite.continueOnFailure)
        try fixture.write("config.yaml", "executionOrder: {flowsOrder: [missing, a], continueOnFailure: false}\n")
        let error = #expect(throws: ScenarioLoadError.self) { try ScenarioSuite.load(path: fixture.root) }
        #expect(error?.description.contains("Could not find flows needed for execution in order: missing") == true, "\(String(describing: error))")
    }

    /// WorkspaceExecutionPlanner: the folder given reads its own config.yaml, and tags that
    /// leave no flow are an error.
    @Test func aSubfolderReadsItsOwnConfigAndTagsThatSelectNothingAreAnError() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("config.yaml", "flows: [\"**\"]\n")
        try fixture.write("top.yaml", Self.flow(tags: []))
        try fixture.write("sub/one.yaml", Self.flow(tags: ["smoke"]))
        try fixture.write("sub/deeper/two.yaml", Self.flow(tags: []))
        #expect(try ScenarioSuite.load(path: fixture.root + "/sub").scenarios.map(\.relativePath) == ["sub/one.yaml"])
        // Its own config.yaml makes the folder a suite of its own (paths and seeds from it).
        try fixture.write("sub/config.yaml", "flows: [\"deeper/*\"]\n")
        #expect(try ScenarioSuite.load(path: fixture.root + "/sub").scenarios.map(\.relativePath) == ["deeper/two.yaml"])
        let none = #expect(throws: ScenarioLoadError.self) {
            try ScenarioSuite.load(path: fixture.root, tags: TagFilter(includeTags: ["absent"]))
        }
        #expect(none?.description.contains("the tags match no flow: include [\"absent\"]") == true, "\(String(describing: none))")
        let unmatched = #expect(throws: ScenarioLoadError.self) {
            try fixture.write("sub/config.yaml", "flows: [\"nowhere/*\"]\n")
            return try ScenarioSuite.load(path: fixture.root + "/sub")
        }
        #expect(unmatched?.description.contains("the config.yaml's flows patterns match no flow file: nowhere/*") == true)
    }

    @Test(arguments: [
        (TagFilter(), ["dev.yaml", "nightly.yaml", "untagged.yaml"]),
        (TagFilter(includeTags: ["dev"]), ["dev.yaml", "nightly.yaml"]),
        (TagFilter(includeTags: ["dev", "pull-request"]), ["dev.yaml", "nightly.yaml"]),
        (TagFilter(excludeTags: ["pull-request"]), ["nightly.yaml", "untagged.yaml"]),
        (TagFilter(excludeTags: ["dev"]), ["untagged.yaml"]),
        (TagFilter(includeTags: ["dev"], excludeTags: ["pull-request"]), ["nightly.yaml"]),
    ])
    func tagsFilterAsMaestroDoes(_ filter: TagFilter, expected: [String]) throws {
        let fixture = try ScenarioFixture()
        try fixture.write("dev.yaml", Self.flow(tags: ["dev", "pull-request"]))
        try fixture.write("nightly.yaml", Self.flow(tags: ["dev"]))
        try fixture.write("untagged.yaml", Self.flow(tags: []))
        let suite = try ScenarioSuite.load(path: fixture.root, tags: filter)
        #expect(suite.scenarios.map(\.relativePath) == expected)
        #expect(suite.filteredOut.count == 3 - expected.count)
    }

    @Test func configSelectsFlowsAndAddsItsTags() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("config.yaml", "flows: [\"*\", \"auth/**\", \"!auth/slow/*\"]\nexcludeTags: [flaky]\nexecutionOrder: {continueOnFailure: false}\n")
        try fixture.write("top.yaml", Self.flow(tags: []))
        try fixture.write("flaky.yaml", Self.flow(tags: ["flaky"]))
        try fixture.write("subflows/login.yaml", "not loaded: [")
        try fixture.write("auth/deep/sign-in.yaml", Self.flow(tags: []))
        try fixture.write("auth/slow/export.yaml", Self.flow(tags: []))
        let suite = try ScenarioSuite.load(path: fixture.root, tags: TagFilter(excludeTags: ["wip"]))
        #expect(suite.scenarios.map(\.relativePath) == ["auth/deep/sign-in.yaml", "top.yaml"])
        #expect(suite.filteredOut == ["flaky.yaml"])
        #expect(suite.tags == TagFilter(excludeTags: ["wip", "flaky"]))
    }

    @Test func aConfigKeyNearAKnownOneIsRefused() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("config.yaml", "includeTag: [smoke]\n")
        try fixture.write("top.yaml", Self.flow(tags: []))
        #expect(throws: ScenarioLoadError(SourceLocation(file: fixture.root + "/config.yaml", line: 1, column: 1),
                                          "`config`: unknown key `includeTag`; did you mean `includeTags`?")) {
            try ScenarioSuite.load(path: fixture.root)
        }
    }

    @Test func problemsOfEveryFileAreReportedTogetherEvenIfFilteredOut() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("a.yaml", "appId: a.b\ntags: [slow]\n---\n- tapon: Done\n")
        try fixture.write("b.yaml", "appId: a.b\n---\n- back: x\n")
        try fixture.write("c.yaml", Self.flow(tags: []))
        do {
            _ = try ScenarioSuite.load(path: fixture.root, tags: TagFilter(excludeTags: ["slow"]))
            Issue.record("the suite loaded")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                fixture.root + "/a.yaml:4:3: unknown command `tapon`; did you mean `tapOn`?",
                fixture.root + "/b.yaml:3:9: `back` takes no argument, found `x`",
            ])
        }
    }

    @Test func aSingleFileIsASuiteOfOne() throws {
        let fixture = try ScenarioFixture()
        let path = try fixture.write("flows/one.yaml", Self.flow(tags: ["x"]))
        let suite = try ScenarioSuite.load(path: path)
        #expect(suite.scenarios.map(\.header.name) == ["one"])
        #expect(try ScenarioSuite.load(path: path, tags: TagFilter(includeTags: ["y"])).filteredOut == ["one.yaml"])
    }

    @Test(arguments: [("*", "a.yaml", true), ("*", "x/a.yaml", false), ("x/*", "x/a.yaml", true),
                      ("**", "x/y/a.yaml", true), ("x/**/a.yaml", "x/a.yaml", true), ("*.yml", "a.yaml", false)])
    func flowPatternsMatchLikeGlobs(_ pattern: String, path: String, matches: Bool) {
        #expect(FlowPattern(pattern).matches(path) == matches)
    }
}
