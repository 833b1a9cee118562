/// Collects the problems of one load, up to a bound.
final class DiagnosticSink {
    private(set) var diagnostics: [ScenarioDiagnostic] = []
    /// Whether a problem was dropped at the limit, or reading stopped there.
    private(set) var isTruncated = false
    let maximumCount: Int

    init(maximumCount: Int) {
        self.maximumCount = maximumCount
    }

    /// Whether no more problems will be listed (decoding may stop early).
    var isFull: Bool { diagnostics.count >= maximumCount }

    /// Records that reading stopped at the limit with more left to read.
    func noteStopped() {
        if isFull { isTruncated = true }
    }

    var isEmpty: Bool { diagnostics.isEmpty }

    func report(_ location: SourceLocation, _ message: String) {
        if isFull {
            isTruncated = true
        } else {
            diagnostics.append(ScenarioDiagnostic(location: location, message: message))
        }
    }

    func report(_ error: ScenarioLoadError) {
        for diagnostic in error.diagnostics { report(diagnostic.location, diagnostic.message) }
        if error.isTruncated { isTruncated = true }
    }

    /// The error of everything collected.
    var error: ScenarioLoadError {
        ScenarioLoadError(diagnostics: diagnostics, isTruncated: isTruncated)
    }
}
