// photosim-bench: the project's benchmarks, run with `swift run -c release photosim-bench <name>`.
// Each benchmark lives in its own file and registers here. With `--json` each prints JSON Lines
// whose keys are stable (scripts and CI read them).
import Foundation

let benchmarks: [(name: String, summary: String, run: ([String]) throws -> Void)] = [
    ("media", "add 1,000 photos to one media library in batches of 100: ms per photo and RSS", MediaBenchmark.run),
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
    print("usage: photosim-bench <benchmark> [--json] [arguments]\n\nbenchmarks:")
    for benchmark in benchmarks { print("  \(benchmark.name.padding(toLength: 8, withPad: " ", startingAt: 0))\(benchmark.summary)") }
    exit(arguments.isEmpty ? 64 : 0)
}
guard let benchmark = benchmarks.first(where: { $0.name == name }) else {
    FileHandle.standardError.write(Data("photosim-bench: unknown benchmark '\(name)'; run photosim-bench --help for the list\n".utf8))
    exit(64)
}
do {
    try benchmark.run(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("photosim-bench \(name): \(error)\n".utf8))
    exit(1)
}
