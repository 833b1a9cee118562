import Foundation

/// Where ``ScenarioMain`` writes: the process's standard output and error, or a capture in tests.
public struct ScenarioOutput: Sendable {
    /// Writes report text.
    public let standardOutput: @Sendable (String) -> Void
    /// Writes problems: usage mistakes, invalid files, unwritable reports.
    public let standardError: @Sendable (String) -> Void

    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's stdout and stderr.
    public static let standard = ScenarioOutput(
        standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: { FileHandle.standardError.write(Data($0.utf8)) })
}
