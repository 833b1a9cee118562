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

/// One row of a benchmark's option table: how it is spelt, its value and what it sets.
struct BenchmarkOption<Options> {
    let name: String
    /// The placeholder shown for the value (`N`, `DIR`), or `nil` for a switch.
    let valueName: String?
    let help: String
    let apply: (inout Options, String) throws(BenchmarkUsageError) -> Void

    /// A switch that sets `keyPath` to true.
    static func flag(_ name: String, _ help: String, _ keyPath: WritableKeyPath<Options, Bool>) -> Self {
        Self(name: name, valueName: nil, help: help) { options, _ in options[keyPath: keyPath] = true }
    }

    /// An option that takes a positive whole number.
    static func positiveNumber(_ name: String, _ help: String, _ keyPath: WritableKeyPath<Options, Int>) -> Self {
        Self(name: name, valueName: "N", help: help) { options, value throws(BenchmarkUsageError) in
            guard let number = Int(value), number > 0 else {
                throw BenchmarkUsageError(message: "\(name) needs a positive whole number, not '\(value)'")
            }
            options[keyPath: keyPath] = number
        }
    }

    /// An option that takes a path.
    static func path(_ name: String, _ valueName: String, _ help: String,
                     _ keyPath: WritableKeyPath<Options, String?>) -> Self {
        Self(name: name, valueName: valueName, help: help) { options, value in options[keyPath: keyPath] = value }
    }
}

/// The non-option arguments a benchmark takes (at least one), such as the files to measure.
struct BenchmarkOperands<Options> {
    /// The placeholder shown in the usage (`FILE`).
    let name: String
    let keyPath: WritableKeyPath<Options, [String]>
}

/// A command-line mistake, printed as is.
struct BenchmarkUsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
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
            FileHandle.standardError.write(Data("photosim-bench \(name): \(error)\n\(usage)\n".utf8))
            exit(64)
        }
        let output = BenchmarkOutput(json: options.json)
        defer { output.clearProgress() }
        try run(options, output: output)
    }

    /// The options for `arguments`, or `nil` when they ask for help.
    static func parse(_ arguments: [String]) throws(BenchmarkUsageError) -> Options? {
        let table = allOptions
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "-h" || argument == "--help" { return nil }
            if let option = table.first(where: { $0.name == argument }) {
                var value = ""
                if let valueName = option.valueName {
                    guard let next = remaining.popFirst() else {
                        throw BenchmarkUsageError(message: "\(argument) needs a value (\(valueName))")
                    }
                    value = next
                }
                try option.apply(&options, value)
            } else if argument.hasPrefix("-") {
                throw BenchmarkUsageError(message: "unknown option \(argument)")
            } else if let operands {
                options[keyPath: operands.keyPath].append(argument)
            } else {
                throw BenchmarkUsageError(message: "unexpected argument \(argument)")
            }
        }
        if let operands, options[keyPath: operands.keyPath].isEmpty {
            throw BenchmarkUsageError(message: "no \(operands.name) given")
        }
        return options
    }

    /// `--json` followed by the benchmark's own options.
    static var allOptions: [BenchmarkOption<Options>] {
        let json = BenchmarkOption<Options>.flag(
            "--json", "print one JSON object per line with the keys " + jsonKeys.joined(separator: ", "), \.json)
        return [json] + options
    }

    /// `usage: photosim-bench NAME [--json] [--option VALUE]... OPERAND...`
    static var usage: String {
        var words = ["usage: photosim-bench", name]
        for option in allOptions { words.append("[\(option.name)\(option.valueName.map { " " + $0 } ?? "")]") }
        if let operands { words.append(operands.name + "...") }
        return words.joined(separator: " ")
    }

    /// The usage, the summary and one line per option.
    static var help: String {
        var rows = allOptions.map { option in (option.name + (option.valueName.map { " " + $0 } ?? ""), option.help) }
        rows.append(("-h, --help", "print this help"))
        let width = rows.map(\.0.count).max()! + 2
        let lines = rows.map { "  " + $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + $0.1 }
        return ([usage, "", summary, "", "options:"] + lines).joined(separator: "\n")
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
