/// A loaded, valid scenario: its header and its commands, `runFlow` files inlined.
///
/// ```swift
/// let scenario = try ScenarioLoader(files: POSIXScenarioFiles()).load(file: "flows/add-photo.yaml")
/// for step in scenario.steps { print(step.location, step.command) }
/// ```
public struct Scenario: Hashable, Sendable {
    /// The file, as given to the loader.
    public let file: String
    /// The file relative to the suite folder.
    public let relativePath: String
    public let header: ScenarioHeader
    public let steps: [ScenarioStep]
    /// How many commands a run executes at most: `repeat` bodies counted `times` times.
    public let expandedCommandCount: Int

    public init(file: String, relativePath: String, header: ScenarioHeader, steps: [ScenarioStep],
                expandedCommandCount: Int) {
        self.file = file
        self.relativePath = relativePath
        self.header = header
        self.steps = steps
        self.expandedCommandCount = expandedCommandCount
    }
}
