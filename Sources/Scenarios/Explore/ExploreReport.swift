/// What an exploration did: the seeds it ran, the events it drew, and the failures it found,
/// each shrunk and written as a scenario file.
public struct ExploreReport: Sendable {
    /// Every run's seed, in order.
    public var seeds: [UInt64] = []
    /// Events drawn and carried out, over every run.
    public var steps = 0
    /// Commands the app's state refused although the generator drew them (a generator mistake;
    /// they are left out of the recorded sequence).
    public var refusedCommands = 0
    /// The first few refusals: the command and why (for finding the generator's mistake).
    public var refusals: [String] = []
    /// Failures found (exploration stops at the first).
    public var failures: [ExploreFailure] = []
    /// Whether the time bound ended the exploration before its steps were done.
    public var stoppedByDeadline = false

    public init() {}
}

/// One checker failure: where it was found, the shrunk sequence and the file that replays it.
public struct ExploreFailure: Sendable {
    public let checker: String
    /// The run's seed (the written scenario's `seed`).
    public let seed: UInt64
    /// What the checker said when it failed during exploration.
    public let problems: [String]
    /// Commands of the run up to the failure, and after shrinking.
    public let foundCommandCount: Int
    public let commands: [ScenarioCommand]
    /// How many reruns shrinking took.
    public let shrinkRuns: Int
    /// The written scenario file.
    public let file: String
    /// Whether loading the written file and running it fails with the same checker.
    public let reproduces: Bool
    /// The `--app` bundle the app ran from, which the replay needs too; nil for an in-process app.
    public var appBundlePath: String?

    /// The command that replays the written file.
    public var replayCommand: String {
        "simctl run \(ShellQuoting.quoted(file))" + (appBundlePath.map { " --app \(ShellQuoting.quoted($0))" } ?? "")
    }
}

/// One run's outcome, as the command line prints it while exploring.
public struct ExploreRunSummary: Sendable {
    public let seed: UInt64
    public let events: Int
    /// The failing checker's name, if the run found one.
    public let failedChecker: String?
}
