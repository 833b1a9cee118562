import Core
import Foundation
import Scenarios

/// `photosim-bench scenarios`: the repository's scenario suite, and a generated suite of many
/// small scenarios over the four reference apps, each run on `--workers` threads.
///
/// The suite is `Scenarios/` under the current directory unless `--suite` names another folder.
/// The generated suite is written to a temporary folder from one template per app (a location
/// tagged and described, items added and archived, a photo captured and loaded, the photo grid
/// allowed), varied by index; its one photo is a 160x120 JPEG made here. Both are loaded first and
/// timed from the first run to the last result, devices in the temporary folder (`TMPDIR`).
enum ScenariosBenchmark: Benchmark {
    static let name = "scenarios"
    static let summary = "the repository's scenario suite and a generated suite, on N workers (s)"

    struct Options: BenchmarkOptions {
        var json = false
        var suite: String?
        var generated = 200
        var workers = 2
    }

    static var options: [BenchmarkOption<Options>] {
        [
            .path("--suite", "DIR", "the scenario folder to run (default: Scenarios under the current directory)", \.suite),
            .positiveNumber("--generated", "generated scenarios to run (default 200)", \.generated),
            .positiveNumber("--workers", "scenarios run at once (default 2)", \.workers),
        ]
    }

    struct Figures: BenchmarkFigures {
        let suiteScenarios: Int
        let suiteWallSeconds: Double
        let generatedScenarios: Int
        let generatedWallSeconds: Double

        enum CodingKeys: String, CodingKey, CaseIterable {
            case suiteScenarios = "suite_scenarios"
            case suiteWallSeconds = "suite_wall_s"
            case generatedScenarios = "generated_scenarios"
            case generatedWallSeconds = "generated_wall_s"
        }
    }

    static func run(_ options: Options, output: BenchmarkOutput) throws {
        let suitePath = options.suite ?? FileManager.default.currentDirectoryPath.appendingPathComponent("Scenarios")
        try withTemporaryFolder(for: name) { folder in
            let runner = ScenarioRunner(workFolder: folder.appendingPathComponent("devices"),
                                        hostNanoseconds: { DispatchTime.now().uptimeNanoseconds })
            output.progress("scenarios: the suite in \(suitePath)")
            let suite = try load(suitePath, what: "the suite (give its folder with --suite)")
            let suiteSeconds = try timedRun(suite, runner: runner, workers: options.workers)
            let generatedFolder = folder.appendingPathComponent("generated")
            try ScenarioTemplates.write(count: options.generated, to: generatedFolder)
            output.progress("scenarios: \(options.generated) generated")
            let generated = try load(generatedFolder, what: "the generated suite")
            let generatedSeconds = try timedRun(generated, runner: runner, workers: options.workers)
            let figures = Figures(suiteScenarios: suite.count, suiteWallSeconds: suiteSeconds.rounded(toPlaces: 3),
                                  generatedScenarios: generated.count, generatedWallSeconds: generatedSeconds.rounded(toPlaces: 3))
            try output.figures(figures, readable: [
                "suite \(suitePath): \(figures.suiteScenarios) scenarios in \(figures.suiteWallSeconds) s on \(options.workers) workers",
                "generated: \(figures.generatedScenarios) scenarios in \(figures.generatedWallSeconds) s on \(options.workers) workers",
            ].joined(separator: "\n"))
        }
    }

    /// The scenarios of `path`, or a failure naming what could not be loaded and why.
    private static func load(_ path: String, what: String) throws -> [Scenario] {
        do {
            return try ScenarioSuite.load(path: path).scenarios
        } catch {
            throw BenchmarkFailure(message: "could not load \(what) at \(path):\n\(error)")
        }
    }

    /// Wall seconds to run `scenarios`; a failing scenario fails the benchmark (a broken run
    /// measures nothing), naming it.
    private static func timedRun(_ scenarios: [Scenario], runner: ScenarioRunner, workers: Int) throws -> Double {
        var results: [ScenarioResult] = []
        let seconds = Stopwatch.seconds { results = runner.run(scenarios, workers: workers) }
        if let failed = results.first(where: { !$0.passed }), let failure = failed.failure {
            throw BenchmarkFailure(message: "\(failed.file) failed at \(failure.location): \(failure.message)")
        }
        return seconds
    }
}
