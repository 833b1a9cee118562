import ArgumentParsing
import Scenarios

/// What the command line of ``ScenarioMain`` asked for: the spellings of `simctl run`.
struct ScenarioMainOptions {
    var paths: [String] = []
    var seed: UInt64?
    var workers = 1
    var includeTags: [String] = []
    var excludeTags: [String] = []
    var parameters: [String: String] = [:]
    var junitPath: String?
    var printsJSON = false
    var checksDeterminism = false
    var shard: ShardSelection?

    /// The argument table, shared with `simctl run` where the spellings overlap.
    static func syntax(program: String) -> CommandSyntax {
        CommandSyntax(program, usage: usage(program: program), options: [
            .value(["--seed"], placeholder: "N", help: "the seed of every scenario"),
            .value(["--include-tags"], placeholder: "T", help: "run only scenarios with a tag", repeatable: true),
            .value(["--exclude-tags"], placeholder: "T", help: "skip scenarios with a tag", repeatable: true),
            .value(["-e"], placeholder: "NAME=VALUE", help: "a variable for ${NAME}", repeatable: true),
            .value(["-j"], placeholder: "N", help: "scenarios run at once"),
            .value(["--junit"], placeholder: "PATH", help: "write a JUnit report"),
            .flag(["--json"], help: "print the JSON report instead of text"),
            .flag(["--check-determinism"], help: "run twice and compare traces"),
            .value(["--shard-split"], placeholder: "N", help: "split into N shards"),
            .value(["--shard-index"], placeholder: "I", help: "run shard I"),
        ], positionals: PositionalSyntax("<file|folder>", count: 1...Int.max))
    }

    static func usage(program: String) -> String {
        "Usage: \(program) [--seed N] [--include-tags T] [--exclude-tags T] [-e NAME=VALUE] [-j N] [--junit PATH] "
            + "[--json] [--check-determinism] [--shard-split N --shard-index I] <file|folder>..."
    }

    /// The options for `arguments`, or nil when they ask for help.
    static func parse(_ arguments: [String], program: String) throws(ArgumentError) -> ScenarioMainOptions? {
        let syntax = syntax(program: program)
        guard case .arguments(let parsed) = try syntax.parse(arguments) else { return nil }
        var options = ScenarioMainOptions()
        options.paths = parsed.positionals
        options.seed = try parsed.value("--seed", as: UInt64.self)
        options.includeTags = parsed.texts("--include-tags")
        options.excludeTags = parsed.texts("--exclude-tags")
        options.junitPath = try parsed.value("--junit", as: ArgumentPath.self)?.rawValue
        options.printsJSON = parsed.has("--json")
        options.checksDeterminism = parsed.has("--check-determinism")
        if let workers = try parsed.value("-j", as: Int.self) {
            guard workers > 0 else { throw syntax.error(.invalidValue(option: "-j", given: String(workers), expected: "a positive whole number")) }
            options.workers = workers
        }
        for pair in parsed.texts("-e") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw syntax.error(.invalidValue(option: "-e", given: pair, expected: "NAME=VALUE"))
            }
            options.parameters[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        options.shard = try shard(parsed, syntax: syntax)
        return options
    }

    /// `--shard-split` and `--shard-index`, both or neither.
    private static func shard(_ parsed: ParsedArguments, syntax: CommandSyntax) throws(ArgumentError) -> ShardSelection? {
        let split = try parsed.value("--shard-split", as: Int.self), index = try parsed.value("--shard-index", as: Int.self)
        switch (split, index) {
        case (nil, nil): return nil
        case (let split?, let index?):
            do {
                return try ShardSelection(split: split, index: index)
            } catch {
                throw syntax.error(.other(error.description))
            }
        default:
            throw syntax.error(.other("--shard-split and --shard-index go together; give both or neither"))
        }
    }

    /// The scenarios of every path, tag-filtered, in the order given, then this shard's.
    func selectedScenarios() throws(ScenarioLoadError) -> [Scenario] {
        let loader = ScenarioLoader(parameters: parameters)
        let tags = TagFilter(includeTags: includeTags, excludeTags: excludeTags)
        var scenarios: [Scenario] = []
        for path in paths {
            scenarios += try ScenarioSuite.load(path: path, loader: loader, tags: tags).scenarios
        }
        return shard?.select(scenarios) ?? scenarios
    }
}
