/// The state shared by every file of one scenario's load: problems, bounds, the suite, the
/// command budget and the chain of `runFlow` files being read.
final class LoadSession {
    let sink: DiagnosticSink
    let limits: ScenarioLimits
    let files: ScenarioFiles
    let root: SuiteRoot
    /// The checker names headers may use, per app.
    let checkers: CheckerCatalogue
    /// Commands counted so far, `repeat` bodies multiplied by their times.
    private(set) var commandCount = 0
    /// The product of the `repeat` times around the command being read.
    private var multiplier = 1
    /// Whether the command budget ran out (reported once; decoding stops adding commands).
    private(set) var budgetExceeded = false
    /// Real paths of the files being read, outermost first, with how each was shown.
    var flowStack: [(realPath: String, shown: String)] = []
    /// Whether the command being read kept a `${…}` script for when it runs.
    var keptScripts = false
    /// Inside a command: where its numbers hold JavaScript to work out as it runs
    /// (``DeferredValues``); nil where a number is needed as the file loads (the header).
    var deferredScripts: Set<SourceLocation>?
    /// The variables the last `runFlow` read left set, for the commands after it.
    var variablesAfterFlow: [String: String]?
    /// The engine that works out variables whose values are scripts (`env: {A: ${B || 'x'}}`),
    /// made on the first such value.
    lazy var loadScripts: Result<MaestroJavaScript, MaestroJavaScript.Failure> = Result { () throws(MaestroJavaScript.Failure) in
        try MaestroJavaScript()
    }

    /// - Parameter commandsSoFar: commands already counted against `limits` (a command read
    ///   again as it runs counts on from the scenario's own, ``DeferredValues``).
    init(limits: ScenarioLimits, files: ScenarioFiles, root: SuiteRoot, checkers: CheckerCatalogue = .platformOnly,
         commandsSoFar: Int = 0) {
        self.commandCount = commandsSoFar
        self.sink = DiagnosticSink(maximumCount: limits.maximumDiagnostics)
        self.limits = limits
        self.files = files
        self.root = root
        self.checkers = checkers
    }

    /// Whether reading should stop: the budget ran out or the error list is full.
    var shouldStop: Bool { budgetExceeded || sink.isFull }

    /// Counts one command at `location`; false (after reporting once) when the budget is spent.
    func countCommand(at location: SourceLocation) -> Bool {
        guard !budgetExceeded else { return false }
        commandCount += multiplier
        if commandCount > limits.maximumCommands {
            budgetExceeded = true
            sink.report(location, "the scenario runs more than \(limits.maximumCommands) commands (counting runFlow files and repeat times); split it into several scenarios")
            return false
        }
        return true
    }

    /// Runs `body` with the commands it counts multiplied by `times`.
    func repeating<T>(_ times: Int, _ body: () -> T) -> T {
        let saved = multiplier
        let (product, overflow) = multiplier.multipliedReportingOverflow(by: max(times, 1))
        multiplier = overflow ? Int.max / 2 : min(product, Int.max / 2)
        defer { multiplier = saved }
        return body()
    }
}
