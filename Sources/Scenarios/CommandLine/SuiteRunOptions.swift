import Foundation
import ArgumentParsing

/// What one `simctl run` asks for, decided from its arguments and the environment (Bazel's
/// test-sharding variables): the files, filters, seeds, workers, shard and report outputs.
public struct SuiteRunOptions: Equatable, Sendable {
    /// Scenario files and folders, as given.
    public var paths: [String]
    public var seed: UInt64?
    /// How many times each scenario runs: from 1 to ``maximumRepeatCount``.
    public var repeatCount: Int
    public var tags: TagFilter
    /// `-e KEY=VALUE`: the loader's parameters.
    public var parameters: [String: String]
    /// Scenarios run at once (at least 1).
    public var workers: Int
    public var junitPath: String?
    /// Print the JSON report to standard output (the per-scenario lines go to standard error).
    public var printsJSON: Bool
    /// The HTML report's folder.
    public var reportFolder: String?
    /// `--screenshots DIR`: where `takeScreenshot` writes `<path>.png`; nil for the working
    /// directory, as `maestro test` writes them.
    public var screenshotsFolder: String?
    public var checksDeterminism: Bool
    public var shard: ShardSelection?
    /// `TEST_SHARD_STATUS_FILE`: touched to tell Bazel the runner shards.
    public var shardStatusFile: String?
    /// A device of the device set to run on instead of temporary devices.
    public var device: String?
    /// Keep the temporary devices of failed scenarios.
    public var keepsFailedDevices: Bool
    /// `--fault-rate R`: every scenario's file operations fail with chance R, drawn from its seed.
    public var faultRate: Double = 0
    /// `--checkers`: only these checkers run; `nil` for every checker of each app.
    public var checkerNames: [String]?
    /// `--skip-checkers`: these checkers do not run.
    public var skippedCheckerNames: [String] = []
    /// `--list-checkers`: print the checkers instead of running anything.
    public var listsCheckers = false
    /// `--app`: the `.app` bundles of apps that run in their own processes (docs/uikit.md).
    public var appBundlePaths: [String] = []

    public init(paths: [String], seed: UInt64? = nil, repeatCount: Int = 1, tags: TagFilter = TagFilter(),
                parameters: [String: String] = [:], workers: Int = 1, junitPath: String? = nil, printsJSON: Bool = false,
                reportFolder: String? = nil, checksDeterminism: Bool = false, shard: ShardSelection? = nil,
                shardStatusFile: String? = nil, device: String? = nil, keepsFailedDevices: Bool = false) {
        self.paths = paths
        self.seed = seed
        self.repeatCount = repeatCount
        self.tags = tags
        self.parameters = parameters
        self.workers = workers
        self.junitPath = junitPath
        self.printsJSON = printsJSON
        self.reportFolder = reportFolder
        self.checksDeterminism = checksDeterminism
        self.shard = shard
        self.shardStatusFile = shardStatusFile
        self.device = device
        self.keepsFailedDevices = keepsFailedDevices
    }
}

extension SuiteRunOptions {
    /// The most runs of each scenario `--repeat` asks for: 10,000, as a `repeat` command's
    /// `times`. At a few tens of milliseconds a run, 10,000 runs of one scenario take minutes
    /// on two cores; more seeds are for `simctl explore`, or for several jobs with their own
    /// `--seed`. Results stream out as they arrive, so memory does not grow with the count.
    public static let maximumRepeatCount = 10_000

    /// The options `parsed` (by ``ScenarioCommandLine/syntax``) and `environment` give.
    /// Explicit flags win over Bazel's variables (`TEST_TOTAL_SHARDS`, `TEST_SHARD_INDEX`,
    /// `TEST_SHARD_STATUS_FILE`, `XML_OUTPUT_FILE`); `defaultWorkers` is the machine's cores.
    ///
    /// - Throws: ``ArgumentError`` (a usage error) for a bad value, `--shard-index` without
    ///   `--shard-split` or the other way round, a half-set or invalid Bazel pair, or a
    ///   `-e` without `=`.
    public init(parsed: ParsedArguments, environment: [String: String], defaultWorkers: Int) throws(ArgumentError) {
        let syntax = parsed.syntax
        self.init(paths: parsed.positionals)
        seed = try parsed.value("--seed", as: UInt64.self)
        repeatCount = try Self.repeatCount(parsed)
        workers = try Self.positive(parsed, "-j") ?? max(1, defaultWorkers)
        tags = TagFilter(includeTags: Self.tagList(parsed.texts("--include-tags")),
                         excludeTags: Self.tagList(parsed.texts("--exclude-tags")))
        // Env.kt withInjectedShellEnvVars: the shell's non-empty MAESTRO_* variables, under -e's.
        parameters = try Self.parameters(parsed.texts("-e"), syntax: syntax)
            .merging(environment.filter { $0.key.hasPrefix("MAESTRO_") && !$0.value.isEmpty }) { given, _ in given }
        junitPath = parsed.text("--junit") ?? environment["XML_OUTPUT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        printsJSON = parsed.has("--json")
        reportFolder = parsed.text("--report")
        screenshotsFolder = parsed.text("--screenshots")
        checksDeterminism = parsed.has("--check-determinism")
        device = parsed.text("--device")
        keepsFailedDevices = parsed.has("--keep")
        faultRate = try Self.faultRate(parsed, syntax: syntax)
        let chosen = Self.tagList(parsed.texts("--checkers"))
        checkerNames = parsed.texts("--checkers").isEmpty ? nil : chosen
        skippedCheckerNames = Self.tagList(parsed.texts("--skip-checkers"))
        listsCheckers = parsed.has("--list-checkers")
        appBundlePaths = parsed.texts("--app")
        if paths.isEmpty && !listsCheckers {
            throw syntax.error(.wrongPositionalCount(given: [], expected: 1...Int.max))
        }
        shard = try Self.shard(parsed, environment: environment, syntax: syntax)
        shardStatusFile = environment["TEST_SHARD_STATUS_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        if device != nil && keepsFailedDevices {
            throw syntax.error(.other("--keep keeps temporary devices; with --device the scenarios run on that device, which stays"))
        }
    }

    /// `--repeat N`: 1 when absent, else 1 to ``maximumRepeatCount``.
    private static func repeatCount(_ parsed: ParsedArguments) throws(ArgumentError) -> Int {
        guard let count = try positive(parsed, "--repeat") else { return 1 }
        guard count <= maximumRepeatCount else {
            throw parsed.syntax.error(.other("--repeat takes at most \(maximumRepeatCount) runs of each scenario, not `\(count)`; "
                + "for more seeds run again with another --seed, or explore with simctl explore"))
        }
        return count
    }

    private static func positive(_ parsed: ParsedArguments, _ option: String) throws(ArgumentError) -> Int? {
        guard let value = try parsed.value(option, as: Int.self) else { return nil }
        guard value >= 1 else {
            throw parsed.syntax.error(.invalidValue(option: option, given: String(value), expected: "a whole number of 1 or more"))
        }
        return value
    }

    /// Maestro's `--include-tags=a,b` and repeated options alike.
    private static func tagList(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    }

    private static func parameters(_ values: [String], syntax: CommandSyntax) throws(ArgumentError) -> [String: String] {
        var parameters: [String: String] = [:]
        for value in values {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                throw syntax.error(.invalidValue(option: "-e", given: value, expected: "KEY=VALUE"))
            }
            parameters[String(value[..<equals])] = String(value[value.index(after: equals)...])
        }
        return parameters
    }

    /// The shard from the flags, else from Bazel's variables; both given and different is a conflict.
    private static func shard(_ parsed: ParsedArguments, environment: [String: String],
                              syntax: CommandSyntax) throws(ArgumentError) -> ShardSelection? {
        let split = try parsed.value("--shard-split", as: Int.self)
        let index = try parsed.value("--shard-index", as: Int.self)
        let flags = try pair(split: split, index: index, splitName: "--shard-split", indexName: "--shard-index", syntax: syntax)
        let bazel = try bazelShard(environment, syntax: syntax)
        if let flags, let bazel, flags != bazel {
            throw syntax.error(.other("--shard-split \(flags.split) --shard-index \(flags.index) conflicts with Bazel's "
                + "TEST_TOTAL_SHARDS=\(bazel.split) TEST_SHARD_INDEX=\(bazel.index); give one or make them agree"))
        }
        return flags ?? bazel
    }

    private static func bazelShard(_ environment: [String: String], syntax: CommandSyntax) throws(ArgumentError) -> ShardSelection? {
        let total = environment["TEST_TOTAL_SHARDS"].flatMap { $0.isEmpty ? nil : $0 }
        let index = environment["TEST_SHARD_INDEX"].flatMap { $0.isEmpty ? nil : $0 }
        guard total != nil || index != nil else { return nil }
        guard let totalText = total, let split = Int(totalText), let indexText = index, let shardIndex = Int(indexText) else {
            throw syntax.error(.other("Bazel's TEST_TOTAL_SHARDS (\(total ?? "unset")) and TEST_SHARD_INDEX (\(index ?? "unset")) "
                + "must both be whole numbers"))
        }
        return try pair(split: split, index: shardIndex, splitName: "TEST_TOTAL_SHARDS", indexName: "TEST_SHARD_INDEX", syntax: syntax)
    }

    private static func pair(split: Int?, index: Int?, splitName: String, indexName: String,
                             syntax: CommandSyntax) throws(ArgumentError) -> ShardSelection? {
        switch (split, index) {
        case (nil, nil): return nil
        case (nil, .some): throw syntax.error(.other("\(indexName) needs \(splitName) (how many shards there are)"))
        case (.some, nil): throw syntax.error(.other("\(splitName) needs \(indexName) (which shard this is, from 0)"))
        case (.some(let split), .some(let index)):
            do throws(ShardSelectionError) {
                return try ShardSelection(split: split, index: index)
            } catch {
                throw syntax.error(.other(error.description.replacingOccurrences(of: "--shard-split", with: splitName)
                    .replacingOccurrences(of: "--shard-index", with: indexName)))
            }
        }
    }
}

extension SuiteRunOptions {
    /// `--fault-rate`: a number from 0 to 1 (0 when absent).
    static func faultRate(_ parsed: ParsedArguments, syntax: CommandSyntax) throws(ArgumentError) -> Double {
        guard let text = parsed.text("--fault-rate") else { return 0 }
        guard let rate = Double(text), rate >= 0, rate <= 1 else {
            throw syntax.error(.other("--fault-rate takes a number from 0 to 1 (the chance each file operation fails), not \(text)"))
        }
        return rate
    }
}
