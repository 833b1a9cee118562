import ArgumentParsing
import Testing

/// The parser both executables share: flags and their aliases, options with values in both
/// forms, repeated options, positional counts, `--`, help, and typed values whose errors say
/// what was typed and what is expected.
@Suite("argument parsing")
struct ArgumentParsingTests {
    enum Format: String, CaseIterable, ArgumentValue { case text, json }

    static let syntax = CommandSyntax(
        "demo", usage: "Usage: demo [-j] [--seed N] [--tag T]... <file>...",
        options: [.flag(["-j", "--json"]), .value(["--seed", "-s"], placeholder: "N"),
                  .value(["--tag"], placeholder: "T", repeatable: true), .value(["--format"], placeholder: "F"),
                  .value(["--ratio"], placeholder: "R")],
        positionals: PositionalSyntax("<file>", count: 1...3))

    static func parsed(_ arguments: [String], _ syntax: CommandSyntax = syntax) throws -> ParsedArguments {
        guard case .arguments(let parsed) = try syntax.parse(arguments) else {
            Issue.record("\(arguments) asked for help")
            throw ArgumentError(.other("help"), command: "demo", usage: "")
        }
        return parsed
    }

    static func failure(_ arguments: [String], _ syntax: CommandSyntax = syntax) -> ArgumentError? {
        do {
            _ = try syntax.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [["-j", "a"], ["--json", "a"], ["a", "-j"], ["a", "--json", "--json"]])
    func aFlagIsOnByAnySpellingAnywhere(_ arguments: [String]) throws {
        let parsed = try Self.parsed(arguments)
        #expect(parsed.has("-j") && parsed.has("--json"))
        #expect(parsed.positionals == ["a"])
    }

    @Test(arguments: [["--seed", "7", "a"], ["--seed=7", "a"], ["-s", "7", "a"], ["a", "-s=7"]])
    func anOptionTakesItsValueEitherWay(_ arguments: [String]) throws {
        let parsed = try Self.parsed(arguments)
        #expect(try parsed.value("--seed", as: UInt64.self) == 7)
        #expect(parsed.positionals == ["a"])
    }

    @Test func aValueMayLookLikeAnOption() throws {
        #expect(try Self.parsed(["--seed", "-1", "a"]).value("--seed", as: Int.self) == -1)
    }

    @Test func aRepeatableOptionKeepsEveryValueInOrder() throws {
        let parsed = try Self.parsed(["--tag", "slow", "a", "--tag=net", "--tag", "slow"])
        #expect(try parsed.values("--tag", as: String.self) == ["slow", "net", "slow"])
        #expect(try Self.parsed(["a"]).values("--tag", as: String.self).isEmpty)
    }

    @Test func doubleDashEndsTheOptions() throws {
        let parsed = try Self.parsed(["-j", "--", "--seed", "-x"])
        #expect(parsed.positionals == ["--seed", "-x"] && parsed.has("-j") && parsed.text("--seed") == nil)
    }

    @Test(arguments: [["--help"], ["-h"], ["a", "--bogus", "--help"], ["--seed", "x", "-h"]])
    func helpWinsOverEverythingBeforeDoubleDash(_ arguments: [String]) throws {
        #expect(try Self.syntax.parse(arguments) == .help)
    }

    @Test func helpAfterDoubleDashIsAPositional() throws {
        #expect(try Self.parsed(["--", "--help"]).positionals == ["--help"])
    }

    @Test func typedValuesConvert() throws {
        let parsed = try Self.parsed(["--format", "json", "--ratio", "0.25", "a"])
        #expect(try parsed.value("--format", as: Format.self) == .json)
        #expect(try parsed.value("--ratio", as: Double.self) == 0.25)
        #expect(try parsed.value("--seed", as: Int.self) == nil)
    }

    /// What each mistake says, table-driven: the message names what was typed and what is expected.
    static let mistakes: [(arguments: [String], says: String)] = [
        (["--bogus", "a"], "Unknown option: --bogus"),
        (["a", "--seed"], "--seed needs a value (N)."),
        (["--json=yes", "a"], "--json takes no value, not `yes`."),
        (["--seed", "1", "--seed", "2", "a"], "--seed was given twice (1, then 2); give it once."),
        (["a", ""], "Argument 2 of demo is empty; an empty name or path names nothing."),
        (["--seed", "", "a"], "Argument 2 of demo is empty; an empty name or path names nothing."),
        (["--seed="], "--seed needs a value (N), not ``."),
        ([], "Missing arguments for demo: it takes at least 1, got none."),
        (["a", "b", "c", "d"], "Too many arguments for demo: it takes at most 3, got 4 (a b c d). Quote names that contain spaces."),
    ]

    @Test func eachMistakeSaysWhatWasWrong() {
        for mistake in Self.mistakes {
            let error = Self.failure(mistake.arguments)
            #expect(error?.description == mistake.says, "\(mistake.arguments)")
            #expect(error?.usage == Self.syntax.usage && error?.command == "demo")
        }
    }

    /// A value that does not convert names the option as typed, the text and what is expected.
    static let badValues: [(arguments: [String], option: String, says: String)] = [
        (["--seed=x", "a"], "--seed", "--seed needs a whole number from 0 to 18446744073709551615, not `x`."),
        (["-s", "-3", "a"], "--seed", "-s needs a whole number from 0 to 18446744073709551615, not `-3`."),
        (["--format", "xml", "a"], "--format", "--format needs one of text, json, not `xml`."),
        (["--ratio", "nan", "a"], "--ratio", "--ratio needs a number, not `nan`."),
    ]

    @Test func aValueThatDoesNotConvertNamesOptionGivenAndExpected() throws {
        for bad in Self.badValues {
            let parsed = try Self.parsed(bad.arguments)
            do {
                switch bad.option {
                case "--format": _ = try parsed.value(bad.option, as: Format.self)
                case "--ratio": _ = try parsed.value(bad.option, as: Double.self)
                default: _ = try parsed.value(bad.option, as: UInt64.self)
                }
                Issue.record("\(bad.arguments) converted")
            } catch {
                #expect(error.description == bad.says)
                #expect(error.usage == Self.syntax.usage)
            }
        }
    }

    @Test func unknownDashWordsAfterAPositionalArePositionalsWhenTheTableSaysSo() throws {
        let passing = CommandSyntax("launch", usage: "", options: [.flag(["--terminate-running-process"])],
                                    positionals: PositionalSyntax("<argument>", count: 2...Int.max),
                                    passesUnknownDashWordsAfterPositionals: true)
        #expect(try Self.parsed(["booted", "com.example.App", "-verbose"], passing).positionals == ["booted", "com.example.App", "-verbose"])
        #expect(Self.failure(["-verbose", "booted", "app"], passing)?.kind == .unknownOption("-verbose"))
        #expect(Self.failure(["a", "-x"])?.kind == .unknownOption("-x"))
    }

    @Test func oneSpellingIsAFlagForOneCommandAndTakesAValueForAnother() throws {
        let list = CommandSyntax("list", usage: "", options: [.flag(["-j", "--json"])], positionals: PositionalSyntax("<type>", count: 0...1))
        let run = CommandSyntax("run", usage: "", options: [.value(["-j"], placeholder: "N")], positionals: PositionalSyntax("<file>", count: 1...Int.max))
        #expect(try Self.parsed(["-j", "2"], list).positionals == ["2"])
        let parsedRun = try Self.parsed(["-j", "2", "a.yaml"], run)
        #expect(try parsedRun.value("-j", as: Int.self) == 2 && parsedRun.positionals == ["a.yaml"])
    }

    @Test func aSynopsisAndHelpLinesComeFromTheTable() {
        let synopsis = CommandSyntax.synopsis(program: "tool", name: "demo", options: Self.syntax.options, positionals: Self.syntax.positionals)
        #expect(synopsis == "tool demo [-j | --json] [--seed | -s N] [--tag T]... [--format F] [--ratio R] <file>...")
        let lines = CommandSyntax.optionLines([.value(["--seed"], placeholder: "N", help: "the seed")])
        #expect(lines == ["  --seed N    the seed", "  -h, --help  print this help"])
    }
}
