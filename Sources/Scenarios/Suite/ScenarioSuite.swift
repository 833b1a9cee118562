/// The scenarios of a file or a folder, checked together, in path order, filtered by tags.
///
/// ```swift
/// let suite = try ScenarioSuite.load(path: ".maestro", loader: ScenarioLoader(parameters: ["PLACE": "Beach"]),
///                                    tags: TagFilter(includeTags: ["smoke"]))
/// for scenario in suite.scenarios { print(scenario.relativePath, scenario.header.name) }
/// ```
///
/// A folder's scenarios are chosen as Maestro's WorkspaceExecutionPlanner chooses a workspace's
/// flows: the `config.yaml` (or `config.yml`) of the folder given, if it has one, selects with
/// its `flows` patterns (relative to that folder) and adds its tags to `tags`; without one, or
/// without `flows`, the folder's own top-level `*.yaml` and `*.yml` files are its scenarios
/// (Maestro's default pattern `*`). Sorted by path. Every file is loaded, filtered out or not,
/// so nothing runs until the whole suite is valid; a folder with no scenario, or tags that
/// leave none, is an error as in Maestro.
public struct ScenarioSuite: Hashable, Sendable {
    /// The suite folder (a lone file's folder).
    public let root: String
    /// The scenarios that run, sorted by path.
    public let scenarios: [Scenario]
    /// Relative paths of valid scenarios the tags left out, sorted.
    public let filteredOut: [String]
    /// The tags applied: the caller's plus `config.yaml`'s.
    public let tags: TagFilter
    /// How many of `scenarios`, from the first, run first, one after another, in the order
    /// `config.yaml`'s `executionOrder.flowsOrder` gives.
    public var sequenceCount = 0
    /// Whether the flows in sequence go on after one failed (`executionOrder.continueOnFailure`).
    public var continueOnFailure = true

    public init(root: String, scenarios: [Scenario], filteredOut: [String], tags: TagFilter) {
        self.root = root
        self.scenarios = scenarios
        self.filteredOut = filteredOut
        self.tags = tags
    }

    /// Loads the scenario file or the folder at `path`; the error lists the problems of every file.
    ///
    /// The suite folder is ``SuiteRoot/find(from:files:)``'s: for a subfolder of a suite (or a
    /// file in one) the suite's own folder, so its paths, relative names, derived seeds and
    /// shards are those of a run of the whole suite, and its `config.yaml` applies.
    public static func load(path: String, loader: ScenarioLoader = ScenarioLoader(),
                            tags: TagFilter = TagFilter()) throws(ScenarioLoadError) -> ScenarioSuite {
        if let kind = loader.files.kind(of: path), kind != .folder {
            let scenario = try loader.load(file: path)
            let admitted = tags.admits(scenario.header.tags)
            return ScenarioSuite(root: suiteFolder(of: scenario, given: path), scenarios: admitted ? [scenario] : [],
                                 filteredOut: admitted ? [] : [scenario.relativePath], tags: tags)
        }
        let root = try SuiteRoot.find(from: path, files: loader.files)
        let start = loader.files.resolvingSymbolicLinks(path).flatMap(root.relativePath(ofReal:)) ?? ""
        let session = LoadSession(limits: loader.limits, files: loader.files, root: root, checkers: loader.checkers)
        let configuration = try configuration(in: root, folder: start, session: session)
        let applied = tags.adding(configuration.tags)
        let listed = try SuiteListing(root: root, files: loader.files, limits: loader.limits, start: start).scenarioPaths()
        let paths = listed.filter { configuration.selects(start.isEmpty ? $0 : String($0.dropFirst(start.count + 1))) }
        guard !paths.isEmpty else {
            // WorkspaceExecutionPlanner's messages.
            let folder = root.join(start)
            throw ScenarioLoadError(.start(of: folder), configuration.flows.isEmpty
                ? "the folder holds no flow at its top level\(listed.isEmpty ? "" : " (\(listed.count) below it)"); to run flows in "
                    + "its subfolders, list them in its config.yaml: `flows: [\"**\"]` (Maestro's inclusion patterns)"
                : "the config.yaml's flows patterns match no flow file: \(configuration.flows.map { ($0.isExclusion ? "!" : "") + $0.pattern }.joined(separator: ", "))")
        }
        var suite = try loadAll(paths, in: root, loader: loader, tags: applied)
        guard !suite.scenarios.isEmpty else {
            throw ScenarioLoadError(.start(of: root.join(start)), "the tags match no flow: include \(applied.includeTags.sorted()), "
                + "exclude \(applied.excludeTags.sorted()) (\(suite.filteredOut.count) flows, none with an included tag and no excluded one)")
        }
        let sequence = try flowsInSequence(suite.scenarios, order: configuration.flowsOrder, folder: root.join(start))
        if !sequence.isEmpty {
            let others = suite.scenarios.filter { scenario in !sequence.contains { $0.relativePath == scenario.relativePath } }
            suite = ScenarioSuite(root: suite.root, scenarios: sequence + others, filteredOut: suite.filteredOut, tags: suite.tags)
            suite.sequenceCount = sequence.count
            suite.continueOnFailure = configuration.continueOnFailure
        }
        return suite
    }

    /// ExecutionOrderPlanner `getFlowsToRunInSequence`: the flows named in `order` (by their
    /// name, as Maestro names a flow), as long a run from its start as the suite has; an order
    /// whose first name is no flow is an error.
    private static func flowsInSequence(_ scenarios: [Scenario], order: [String], folder: String) throws(ScenarioLoadError) -> [Scenario] {
        guard !order.isEmpty else { return [] }
        var byName: [String: Scenario] = [:]
        for scenario in scenarios where byName[scenario.header.name] == nil { byName[scenario.header.name] = scenario }
        var unique: [String] = []
        for name in order where !unique.contains(name) { unique.append(name) }
        guard unique.contains(where: { byName[$0] != nil }) else { return [] }
        let found = unique.prefix { byName[$0] != nil }
        guard !found.isEmpty else {
            throw ScenarioLoadError(.start(of: folder), "Could not find flows needed for execution in order: "
                + unique.filter { byName[$0] == nil }.joined(separator: ", "))
        }
        return found.compactMap { byName[$0] }
    }

    /// The suite folder a lone file was loaded in, as written: `Scenarios` for
    /// `Scenarios/mylocations/x.yaml` (relative path `mylocations/x.yaml`).
    private static func suiteFolder(of scenario: Scenario, given path: String) -> String {
        guard path.hasSuffix(scenario.relativePath) else { return path.deletingLastPathComponent }
        var folder = String(path.dropLast(scenario.relativePath.count))
        if folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "." : folder
    }

    /// The given folder's `config.yaml` (or `config.yml`), or the default (WorkspaceExecutionPlanner
    /// `findConfigFile` on the folder given).
    private static func configuration(in root: SuiteRoot, folder: String, session: LoadSession) throws(ScenarioLoadError)
        -> SuiteConfiguration {
        for name in ["config.yaml", "config.yml"] {
            let path = root.join(folder.isEmpty ? name : folder + "/" + name)
            if SuiteRoot.holdsFile(path, files: session.files) { return try SuiteConfiguration.load(path: path, session: session) }
        }
        return SuiteConfiguration()
    }

    /// Loads every file, gathering all their problems before failing.
    private static func loadAll(_ paths: [String], in root: SuiteRoot, loader: ScenarioLoader,
                                tags: TagFilter) throws(ScenarioLoadError) -> ScenarioSuite {
        let sink = DiagnosticSink(maximumCount: loader.limits.maximumDiagnostics)
        var scenarios: [Scenario] = []
        var filteredOut: [String] = []
        for relative in paths {
            do {
                let scenario = try loader.load(relativePath: relative, shown: root.join(relative), in: root)
                if tags.admits(scenario.header.tags) { scenarios.append(scenario) } else { filteredOut.append(relative) }
            } catch {
                sink.report(error)
            }
        }
        guard sink.isEmpty else { throw sink.error }
        return ScenarioSuite(root: root.path, scenarios: scenarios, filteredOut: filteredOut, tags: tags)
    }
}
