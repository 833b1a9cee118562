import Foundation

/// Where ``ScenarioMain`` writes: the process's standard output and error, or a capture in tests.
public struct ScenarioOutput: Sendable {
    /// Writes report text.
    public let standardOutput: @Sendable (String) -> Void
    /// Writes problems: usage mistakes, invalid files, unwritable reports.
    public let standardError: @Sendable (String) -> Void
    /// True for ``standard``: the live streams, whose failed writes and terminal are the
    /// command line's to see (exit 74, progress and colour).
    let isProcessStreams: Bool

    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void) {
        self.init(standardOutput: standardOutput, standardError: standardError, isProcessStreams: false)
    }

    private init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void,
                 isProcessStreams: Bool) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.isProcessStreams = isProcessStreams
    }

    /// The process's stdout and stderr.
    public static let standard = ScenarioOutput(
        standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: { FileHandle.standardError.write(Data($0.utf8)) }, isProcessStreams: true)
}
