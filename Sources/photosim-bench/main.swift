// photosim-bench: the project's benchmarks, run with `swift run -c release photosim-bench <name>`.
// Each benchmark lives in its own file (see `Benchmark`) and registers here. With `--json` each
// prints JSON Lines whose keys are stable (scripts and CI read them).
import Foundation

let benchmarks: [any Benchmark.Type] = [StoreBenchmark.self, MediaBenchmark.self, ImagesBenchmark.self, FlowBenchmark.self,
                                         ScenariosBenchmark.self, ExploreBenchmark.self, StartupBenchmark.self,
                                         AppsBenchmark.self]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
    print("usage: photosim-bench <benchmark> [--json] [arguments]\n\nbenchmarks:")
    for benchmark in benchmarks { print("  \(benchmark.name.padding(toLength: 10, withPad: " ", startingAt: 0))\(benchmark.summary)") }
    print("\nphotosim-bench <benchmark> --help shows a benchmark's options.")
    exit(arguments.isEmpty ? 64 : 0)
}
guard let benchmark = benchmarks.first(where: { $0.name == name }) else {
    FileHandle.standardError.write(Data("photosim-bench: unknown benchmark '\(name)'; run photosim-bench --help for the list\n".utf8))
    exit(64)
}
do {
    try benchmark.main(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("photosim-bench \(name): \(error)\n".utf8))
    exit(1)
}
