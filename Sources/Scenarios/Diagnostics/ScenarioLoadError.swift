/// Why a scenario, a suite or a `config.yaml` could not be loaded: every problem found, in file
/// order, each with its `file:line:column`.
///
/// Loading collects problems instead of stopping at the first, up to
/// ``ScenarioLimits/maximumDiagnostics``; past it reading stops and `isTruncated` says so.
public struct ScenarioLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The problems, sorted by file, line and column.
    public let diagnostics: [ScenarioDiagnostic]
    /// Whether reading stopped at the limit, so there may be more problems.
    public let isTruncated: Bool

    public init(diagnostics: [ScenarioDiagnostic], isTruncated: Bool = false) {
        self.diagnostics = diagnostics.sorted { left, right in
            (left.location.file, left.location.line, left.location.column)
                < (right.location.file, right.location.line, right.location.column)
        }
        self.isTruncated = isTruncated
    }

    /// A load error with a single problem.
    public init(_ location: SourceLocation, _ message: String) {
        self.init(diagnostics: [ScenarioDiagnostic(location: location, message: message)])
    }

    /// One line per problem; nothing ran.
    public var description: String {
        var lines = diagnostics.map(\.description)
        if isTruncated {
            lines.append("… and possibly more problems: reading stopped at \(diagnostics.count); fix these and load again")
        }
        return lines.joined(separator: "\n")
    }
}
