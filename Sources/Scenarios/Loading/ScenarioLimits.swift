/// The bounds a load keeps to, so a runaway file is refused with a message instead of hanging.
public struct ScenarioLimits: Hashable, Sendable {
    /// The largest scenario or `runFlow` file read.
    public var maximumFileBytes: Int
    /// The most commands a scenario may run: every `runFlow` inlined, every `repeat` body counted
    /// `times` times.
    public var maximumCommands: Int
    /// How deep YAML collections may nest in one file.
    public var maximumDepth: Int
    /// How deep `runFlow` files may call one another.
    public var maximumFlowDepth: Int
    /// The most `repeat` times.
    public var maximumRepeatTimes: Int
    /// The most problems listed in one error.
    public var maximumDiagnostics: Int
    /// The most scenario files in one suite.
    public var maximumSuiteFiles: Int
    /// The most files and folders a `container` fixture may hold, at every depth.
    public var maximumContainerEntries: Int = 10_000

    public init(maximumFileBytes: Int = 1 << 20, maximumCommands: Int = 100_000, maximumDepth: Int = 64,
                maximumFlowDepth: Int = 16, maximumRepeatTimes: Int = 10_000, maximumDiagnostics: Int = 50,
                maximumSuiteFiles: Int = 10_000) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumCommands = maximumCommands
        self.maximumDepth = maximumDepth
        self.maximumFlowDepth = maximumFlowDepth
        self.maximumRepeatTimes = maximumRepeatTimes
        self.maximumDiagnostics = maximumDiagnostics
        self.maximumSuiteFiles = maximumSuiteFiles
    }
}
