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

    public init(command: ScenarioCommand, location: SourceLocation, callers: [SourceLocation] = []) {
        self.command = command
        self.location = location
        self.callers = callers
    }

    /// The location, followed by the `runFlow` lines that led to it.
    public var description: String {
        callers.isEmpty ? location.description
            : "\(location) (from \(callers.reversed().map(\.description).joined(separator: ", from ")))"
    }
}
