/// How a scenario command line is called: `simctl run`, or a team's own runner executable
/// (``ScenarioKit``'s `ScenarioMain`). The name appears in `--help`, in usage errors and in the
/// replay line of every failure, so what a report says to type is what runs the scenario again.
public struct ScenarioProgram: Hashable, Sendable {
    /// The words that start the command line (`simctl run`, `teamapp-scenarios`).
    public let invocation: String
    /// The command's name in argument errors (`Missing arguments for run: …`).
    public let commandName: String
    /// Put before a usage error's message: none for `simctl run` (simctl's own messages carry
    /// no prefix), `teamapp-scenarios: ` for an executable.
    public let errorPrefix: String
    /// Whether the command line takes `--set PATH`, the device set `--device` names: a runner
    /// executable does; `simctl run` has simctl's own `--set`, given before `run`.
    public let takesSetOption: Bool

    public init(invocation: String, commandName: String, errorPrefix: String, takesSetOption: Bool = false) {
        self.invocation = invocation
        self.commandName = commandName
        self.errorPrefix = errorPrefix
        self.takesSetOption = takesSetOption
    }

    /// `simctl run`.
    public static let simctlRun = ScenarioProgram(invocation: "simctl run", commandName: "run", errorPrefix: "")

    /// A runner executable called `name` (the last component of `argv[0]`).
    public static func executable(_ name: String) -> ScenarioProgram {
        ScenarioProgram(invocation: name, commandName: name, errorPrefix: name + ": ", takesSetOption: true)
    }
}
