import ArgumentParsing
import Scenarios
import Testing

/// `simctl run`'s argument table (``Scenarios/ScenarioCommandLine/syntax``, which simctl uses):
/// values in both forms, repeated tags, `-j` taking a value, files and folders.
@Suite("simctl run syntax")
struct RunCommandSyntaxTests {
    static let run = ScenarioCommandLine.syntax

    static func parsed(_ arguments: [String]) throws -> ParsedArguments {
        guard case .arguments(let parsed) = try run.parse(arguments) else { throw ArgumentError(.other("help"), command: "run", usage: "") }
        return parsed
    }

    @Test func everyOptionParses() throws {
        let parsed = try Self.parsed([
            "--seed", "18446744073709551615", "--repeat=3", "--include-tags", "photos", "--include-tags", "camera",
            "--exclude-tags=slow", "-j", "2", "--junit", "out/junit.xml", "--json", "--report", "out/html",
            "--check-determinism", "--shard-split", "4", "--shard-index", "0", "--device", "iPhone 15", "--keep",
            "Scenarios/", "extra.yaml",
        ])
        #expect(try parsed.value("--seed", as: UInt64.self) == .max)
        #expect(try parsed.value("--repeat", as: Int.self) == 3)
        #expect(try parsed.values("--include-tags", as: String.self) == ["photos", "camera"])
        #expect(try parsed.values("--exclude-tags", as: String.self) == ["slow"])
        #expect(try parsed.value("-j", as: Int.self) == 2)
        #expect(try parsed.value("--junit", as: ArgumentPath.self)?.rawValue == "out/junit.xml")
        #expect(try parsed.value("--report", as: ArgumentPath.self)?.rawValue == "out/html")
        #expect(parsed.has("--json") && parsed.has("--check-determinism") && parsed.has("--keep"))
        #expect(try parsed.value("--shard-split", as: Int.self) == 4 && parsed.value("--shard-index", as: Int.self) == 0)
        #expect(parsed.text("--device") == "iPhone 15")
        #expect(parsed.positionals == ["Scenarios/", "extra.yaml"])
    }

    @Test func theSmallestRunIsOneFile() throws {
        let parsed = try Self.parsed(["flow.yaml"])
        #expect(parsed.positionals == ["flow.yaml"] && !parsed.has("--json") && parsed.text("--seed") == nil)
    }

    @Test func optionsMayFollowTheFiles() throws {
        let parsed = try Self.parsed(["a.yaml", "--seed=7", "b.yaml", "-j", "4"])
        #expect(parsed.positionals == ["a.yaml", "b.yaml"])
        #expect(try parsed.value("--seed", as: UInt64.self) == 7 && parsed.value("-j", as: Int.self) == 4)
    }

    @Test func aBadSeedNamesTheOptionAndShowsTheUsage() throws {
        let parsed = try Self.parsed(["--seed", "-7", "a.yaml"])
        #expect(throws: ArgumentError(.invalidValue(option: "--seed", given: "-7", expected: UInt64.expectation),
                                      command: "run", usage: Self.run.usage)) {
            _ = try parsed.value("--seed", as: UInt64.self)
        }
    }

    @Test func noFileIsRefusedUnlessTheCheckersAreListed() throws {
        #expect {
            _ = try SuiteRunOptions(parsed: try Self.parsed([]), environment: [:], defaultWorkers: 1)
        } throws: { error in
            "\(error)" == "Missing arguments for run: it takes at least 1, got none."
        }
        #expect(try SuiteRunOptions(parsed: try Self.parsed(["--list-checkers"]), environment: [:], defaultWorkers: 1).listsCheckers)
    }

    @Test(arguments: [(["--seed", "1", "--seed", "2", "a"], "--seed was given twice (1, then 2); give it once."),
                      (["a.yaml", "--shuffle"], "Unknown option: --shuffle"),
                      (["-j"], "-j needs a value (N).")])
    func mistakesAreRefused(_ arguments: [String], says: String) {
        #expect(throws: ArgumentError.self) { _ = try Self.run.parse(arguments) }
        do { _ = try Self.run.parse(arguments) } catch { #expect(error.description == says) }
    }

    @Test func helpAsksForTheUsage() throws {
        #expect(try Self.run.parse(["a.yaml", "--help"]) == .help)
    }
}
