import Scenarios

/// A check of ``ScenarioCheck`` or ``AppHostCheck`` that did not hold: what went wrong, where,
/// and, for a scenario, its whole result.
public struct ScenarioCheckFailure: Error, CustomStringConvertible, Sendable {
    /// What a test report shows.
    public let message: String
    /// The scenario's result, when a scenario ran.
    public let result: ScenarioResult?

    public init(message: String, result: ScenarioResult? = nil) {
        self.message = message
        self.result = result
    }

    public var description: String { message }
}
