/// Loads one scenario file: reads it with libyaml, checks all of it, inlines its `runFlow`
/// files, and returns the typed ``Scenario`` or every problem found.
///
/// ```swift
/// let loader = ScenarioLoader(parameters: ["PLACE": "Beach"])      // like Maestro's -e PLACE=Beach
/// let scenario = try loader.load(file: "suite/add-photo.yaml")       // suite/ is the suite folder
/// ```
///
/// Variables, in Maestro's order: `${NAME}` reads `parameters` (`-e`), overridden by the
/// header's `env`; a `runFlow` file sees its caller's variables, overridden by the `runFlow`'s
/// `env`, overridden by its own header's `env`; what a `runFlow` sets stays set after it. A
/// `${…}` that is JavaScript is worked out when its command runs (``ScenarioStep/scriptVariables``).
public struct ScenarioLoader: Sendable {
    public let files: ScenarioFiles
    public let limits: ScenarioLimits
    /// Variables from the command line, over the header's `env`.
    public let parameters: [String: String]
    /// The checkers a header's `checkers` and `skipCheckers` may name (the runner's apps').
    public let checkers: CheckerCatalogue

    public init(files: ScenarioFiles = POSIXScenarioFiles(), limits: ScenarioLimits = ScenarioLimits(),
                parameters: [String: String] = [:], checkers: CheckerCatalogue = .platformOnly) {
        self.files = files
        self.limits = limits
        self.parameters = parameters
        self.checkers = checkers
    }

    /// The scenario in `file`; paths it names must stay inside `root` (default: the suite the file
    /// is in, ``SuiteRoot/find(from:files:)``: the nearest folder with a `config.yaml`, else the file's folder).
    public func load(file: String, root: String? = nil) throws(ScenarioLoadError) -> Scenario {
        guard let kind = files.kind(of: file), kind != .folder, let real = files.resolvingSymbolicLinks(file) else {
            throw ScenarioLoadError(.start(of: file), "no such scenario file `\(file)`")
        }
        let folder = file.contains("/") ? file.deletingLastPathComponent : "."
        let suite: SuiteRoot
        if let root { suite = try SuiteRoot(path: root, files: files) } else {
            suite = try SuiteRoot.find(from: folder.isEmpty ? "/" : folder, files: files)
        }
        guard let relative = suite.relativePath(ofReal: real) else {
            throw ScenarioLoadError(.start(of: file), "`\(file)` is outside the suite folder \(suite.described)")
        }
        return try load(relativePath: relative, shown: file, in: suite)
    }

    /// The scenario at `relativePath` inside `suite`, shown in locations as `shown`.
    func load(relativePath: String, shown: String, in suite: SuiteRoot) throws(ScenarioLoadError) -> Scenario {
        let session = LoadSession(limits: limits, files: files, root: suite, checkers: checkers)
        guard let documents = ScenarioReading.documents(at: shown, session: session),
              let shape = ScenarioReading.split(documents, file: shown, session: session) else { throw session.sink.error }
        let folder = relativePath.contains("/") ? relativePath.deletingLastPathComponent : ""
        // Env.kt withDefaultEnvVars: MAESTRO_FILENAME, the flow's file name without its extension.
        let given = parameters.merging(["MAESTRO_FILENAME": Self.defaultName(of: relativePath)]) { $1 }
        var decoder = ScenarioDecoder(session: session, file: shown, folder: folder, environment: given, callers: [])
        // Maestro's order (mobile-dev-inc/Maestro#1065): `-e` first, then the flow's `env` over
        // it, its values worked out with `-e`'s (`USER: ${USER || 'guest'}` keeps a given one).
        let headerEnvironment = decoder.headerEnvironment(shape.header)
        decoder.environment = given.merging(headerEnvironment) { $1 }
        session.flowStack = [(files.resolvingSymbolicLinks(shown) ?? shown, relativePath)]
        let header = decoder.header(shape.header, defaultName: Self.defaultName(of: relativePath),
                                    environment: headerEnvironment, requireAppId: true)
        let steps = decoder.commands(shape.commands)
        guard session.sink.isEmpty, let header else { throw session.sink.error }
        return Scenario(file: shown, relativePath: relativePath, header: header, steps: steps,
                        expandedCommandCount: session.commandCount)
    }

    /// The file name without its extension, as Maestro names a flow without `name`.
    static func defaultName(of path: String) -> String {
        let name = path.lastPathComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
