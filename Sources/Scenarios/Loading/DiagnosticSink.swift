/// Collects the problems of one load, up to a bound.
final class DiagnosticSink {
    private(set) var diagnostics: [ScenarioDiagnostic] = []
    private(set) var omittedCount = 0
    let maximumCount: Int

    init(maximumCount: Int) {
        self.maximumCount = maximumCount
    }

    /// Whether no more problems will be listed (decoding may stop early).
    var isFull: Bool { diagnostics.count >= maximumCount }

    var isEmpty: Bool { diagnostics.isEmpty }

    func report(_ location: SourceLocation, _ message: String) {
        if isFull {
            omittedCount += 1
        } else {
            diagnostics.append(ScenarioDiagnostic(location: location, message: message))
        }
    }

    func report(_ error: ScenarioLoadError) {
        for diagnostic in error.diagnostics { report(diagnostic.location, diagnostic.message) }
        omittedCount += error.omittedCount
    }

    /// The error of everything collected.
    var error: ScenarioLoadError {
        ScenarioLoadError(diagnostics: diagnostics, omittedCount: omittedCount)
    }
}
