import ArgumentParsing
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One benchmark of `photosim-bench`: its name, its options as a table, and the work it measures.
///
/// ``main(_:)`` parses the command line from ``options`` and ``operands``, answers `-h`/`--help`
/// (usage and options on stdout, exit 0), rejects mistakes (message and usage on stderr, exit 64)
/// and then calls ``run(_:output:)``. Every benchmark takes `--json`.
protocol Benchmark {
    associatedtype Options: BenchmarkOptions
    associatedtype Figures: BenchmarkFigures

    /// The word that selects the benchmark: `photosim-bench NAME`.
    static var name: String { get }
    /// One line for `photosim-bench --help`.
    static var summary: String { get }
    /// The options besides `--json` and `--help`.
    static var options: [BenchmarkOption<Options>] { get }
    /// The arguments that are not options, or `nil` when the benchmark takes none.
    static var operands: BenchmarkOperands<Options>? { get }
    /// Measures and prints the figures.
    static func run(_ options: Options, output: BenchmarkOutput) throws
}

/// What every benchmark's options have: a default value and the `--json` switch.
protocol BenchmarkOptions {
    init()
    var json: Bool { get set }
}

/// What a benchmark prints: with `--json`, one JSON object whose keys are the `CodingKeys`.
protocol BenchmarkFigures: Encodable {
    associatedtype CodingKeys: CodingKey, CaseIterable
}

/// One row of a benchmark's option table: its syntax for the parser and what its value sets.
struct BenchmarkOption<Options> {
    let syntax: OptionSyntax
    let apply: (inout Options, ParsedArguments) throws(ArgumentError) -> Void

    /// A switch that sets `keyPath` to true.
    static func flag(_ name: String, _ help: String, _ keyPath: WritableKeyPath<Options, Bool>) -> Self {
        Self(syntax: .flag([name], help: help)) { options, parsed in
            if parsed.has(name) { options[keyPath: keyPath] = true }
        }
    }

    /// An option that takes a positive whole number.
    static func positiveNumber(_ name: String, _ help: String, _ keyPath: WritableKeyPath<Options, Int>) -> Self {
        Self(syntax: .value([name], placeholder: "N", help: help)) { options, parsed throws(ArgumentError) in
            guard let number = try parsed.value(name, as: Int.self) else { return }
            guard number > 0 else {
                throw parsed.syntax.error(.invalidValue(option: name, given: String(number), expected: "a positive whole number"))
            }
            options[keyPath: keyPath] = number
        }
    }

    /// An option that takes a path.
    static func path(_ name: String, _ valueName: String, _ help: String,
                     _ keyPath: WritableKeyPath<Options, String?>) -> Self {
        Self(syntax: .value([name], placeholder: valueName, help: help)) { options, parsed throws(ArgumentError) in
            if let path = try parsed.value(name, as: ArgumentPath.self) { options[keyPath: keyPath] = path.rawValue }
        }
    }
}

/// The non-option arguments a benchmark takes (at least one), such as the files to measure.
struct BenchmarkOperands<Options> {
    /// The placeholder shown in the usage (`FILE`).
    let name: String
    let keyPath: WritableKeyPath<Options, [String]>
}

/// A benchmark that ran but could not measure everything; the message says what failed.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension Benchmark {
    static var operands: BenchmarkOperands<Options>? { nil }

    /// The keys of the JSON objects printed with `--json`, shown in the help.
    static var jsonKeys: [String] { Figures.CodingKeys.allCases.map(\.stringValue) }

    /// Parses `arguments` (those after the benchmark's name) and runs the benchmark. Exits 0 after
    /// `--help` and 64 on a usage mistake; errors from the benchmark itself are thrown.
    static func main(_ arguments: [String]) throws {
        let options: Options
        do {
            guard let parsed = try parse(arguments) else {
                print(help)
                exit(0)
            }
            options = parsed
        } catch {
            FileHandle.standardError.write(Data("photosim-bench \(name): \(error)\n\(error.usage)\n".utf8))
            exit(64)
        }
        let output = BenchmarkOutput(json: options.json)
        defer { output.clearProgress() }
        try run(options, output: output)
    }

    /// The options for `arguments`, or `nil` when they ask for help.
    static func parse(_ arguments: [String]) throws(ArgumentError) -> Options? {
        guard case .arguments(let parsed) = try syntax.parse(arguments) else { return nil }
        var options = Options()
        for option in allOptions { try option.apply(&options, parsed) }
        if let operands { options[keyPath: operands.keyPath] = parsed.positionals }
        return options
    }

    /// The benchmark's argument table: `--json`, its own options, its operands (at least one).
    static var syntax: CommandSyntax {
        CommandSyntax(name, usage: usage, options: allOptions.map(\.syntax), positionals: positionals)
    }

    private static var positionals: PositionalSyntax {
        operands.map { PositionalSyntax($0.name, count: 1...Int.max) } ?? .none
    }

    /// `--json` followed by the benchmark's own options.
    static var allOptions: [BenchmarkOption<Options>] {
        let json = BenchmarkOption<Options>.flag(
            "--json", "print one JSON object per line with the keys " + jsonKeys.joined(separator: ", "), \.json)
        return [json] + options
    }

    /// `usage: photosim-bench NAME [--json] [--option VALUE]... OPERAND...`
    static var usage: String {
        "usage: " + CommandSyntax.synopsis(program: "photosim-bench", name: name, options: allOptions.map(\.syntax),
                                           positionals: positionals)
    }

    /// The usage, the summary and one line per option.
    static var help: String {
        ([usage, "", summary, "", "options:"] + CommandSyntax.optionLines(allOptions.map(\.syntax))).joined(separator: "\n")
    }
}

/// Where a benchmark's output goes: figures to stdout (JSON Lines with `--json`, readable text
/// otherwise) and a progress line to stderr, shown only when stderr is a terminal.
struct BenchmarkOutput {
    let json: Bool
    private let showsProgress = isatty(STDERR_FILENO) == 1
    private let encoder: JSONEncoder

    init(json: Bool) {
        self.json = json
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    /// Prints `figures` as one JSON line with `--json`, else the `readable` text.
    func figures<Figures: BenchmarkFigures>(_ figures: Figures, readable: @autoclosure () -> String) throws {
        clearProgress()
        if json {
            print(String(decoding: try encoder.encode(figures), as: UTF8.self))
        } else {
            print(readable())
        }
    }

    /// Prints `text` on stdout without `--json`; with it, prints nothing.
    func note(_ text: @autoclosure () -> String) {
        guard !json else { return }
        clearProgress()
        print(text())
    }

    /// Replaces the progress line on a terminal's stderr with `text`.
    func progress(_ text: @autoclosure () -> String) {
        guard showsProgress else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text())".utf8))
    }

    /// Erases the progress line, so that what is printed next starts at the left margin.
    func clearProgress() {
        guard showsProgress else { return }
        fflush(nil)  // every stream: what was printed before the progress line goes out first
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
