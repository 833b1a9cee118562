/// A command and where it was written.
///
/// A command that came from a `runFlow` file carries that file's location, and in `callers`
/// the `runFlow` lines that brought it in, outermost first, so a report can say
/// `login.yaml:4:3 (from main.yaml:9:3)`.
public struct ScenarioStep: Hashable, Sendable, CustomStringConvertible {
    public let command: ScenarioCommand
    /// Where the command starts (its `-`'s item).
    public let location: SourceLocation
    /// The `runFlow` commands that led here, outermost first; empty for the scenario's own.
    public let callers: [SourceLocation]
    /// Maestro's `label`: what reports call the command instead of its own words.
    public let label: String?
    /// Maestro's `optional`: a failure of the command is a warning, and the run goes on.
    public let isOptional: Bool
    /// For a command whose values hold Maestro's JavaScript (`${…}` kept for when it runs, or a
    /// script command): the flow's variables where it was written, bound when it runs; nil for
    /// any other command.
    public let scriptVariables: [String: String]?
    /// For a command whose numbers hold Maestro's JavaScript: what reads it again as it runs
    /// (``DeferredValues``); ``command`` has stand-in values until then.
    let deferred: DeferredValues?

    public init(command: ScenarioCommand, location: SourceLocation, callers: [SourceLocation] = [], label: String? = nil,
                isOptional: Bool = false, scriptVariables: [String: String]? = nil) {
        self.init(command: command, location: location, callers: callers, label: label, isOptional: isOptional,
                  scriptVariables: scriptVariables, deferred: nil)
    }

    init(command: ScenarioCommand, location: SourceLocation, callers: [SourceLocation], label: String?,
         isOptional: Bool, scriptVariables: [String: String]?, deferred: DeferredValues?) {
        self.deferred = deferred
        self.command = command
        self.location = location
        self.callers = callers
        self.label = label
        self.isOptional = isOptional
        self.scriptVariables = scriptVariables
    }

    /// What reports call the command: its `label`, else its own words.
    public var shownCommand: String { label ?? deferred?.writtenSummary ?? command.summary }

    /// The location, followed by the `runFlow` lines that led to it.
    public var description: String {
        callers.isEmpty ? location.description
            : "\(location) (from \(callers.reversed().map(\.description).joined(separator: ", from ")))"
    }
}
