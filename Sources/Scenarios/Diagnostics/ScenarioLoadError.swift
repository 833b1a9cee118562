/// Why a scenario, a suite or a `config.yaml` could not be loaded: every problem found, in file
/// order, each with its `file:line:column`.
///
/// Loading collects problems instead of stopping at the first, up to
/// ``ScenarioLimits/maximumDiagnostics``; `omittedCount` says how many more there were.
public struct ScenarioLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The problems, sorted by file, line and column.
    public let diagnostics: [ScenarioDiagnostic]
    /// Problems found beyond the limit and not listed.
    public let omittedCount: Int

    public init(diagnostics: [ScenarioDiagnostic], omittedCount: Int = 0) {
        self.diagnostics = diagnostics.sorted { left, right in
            (left.location.file, left.location.line, left.location.column)
                < (right.location.file, right.location.line, right.location.column)
        }
        self.omittedCount = omittedCount
    }

    /// A load error with a single problem.
    public init(_ location: SourceLocation, _ message: String) {
        self.init(diagnostics: [ScenarioDiagnostic(location: location, message: message)])
    }

    /// One line per problem; nothing ran.
    public var description: String {
        var lines = diagnostics.map(\.description)
        if omittedCount > 0 {
            lines.append("… and \(omittedCount) more problem\(omittedCount == 1 ? "" : "s") not shown")
        }
        return lines.joined(separator: "\n")
    }
}
