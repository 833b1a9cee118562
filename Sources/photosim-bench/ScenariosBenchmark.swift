import Apps
import Core
import Foundation
import Scenarios
#if canImport(Glibc)
import Glibc
#endif

/// `photosim-bench scenarios`: the repository's scenario suite, and a generated suite of many
/// small scenarios over the four reference apps, each run on `--workers` threads.
///
/// The suite is `Scenarios/` under the current directory unless `--suite` names another folder.
/// The generated suite is written to a temporary folder from one template per app (a location
/// tagged and described, items added and archived, a photo captured and loaded, the photo grid
/// allowed), varied by index; its one photo is a 160x120 JPEG made here. Both are loaded first and
/// timed from the first run to the last result, devices in the temporary folder (`TMPDIR`).
///
/// Temporary devices are written without `fsync` and start from one prepared empty media
/// library (the runner's defaults: they are thrown away); the generated suite runs again on
/// durable devices that each build their own library (as before those defaults) in the same
/// minute, so the two figures compare under the same machine load. CPU seconds are the
/// process's user + system time over the run.
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
        let generatedCPUSeconds: Double
        let generatedDurableWallSeconds: Double
        let generatedDurableCPUSeconds: Double

        enum CodingKeys: String, CodingKey, CaseIterable {
            case suiteScenarios = "suite_scenarios"
            case suiteWallSeconds = "suite_wall_s"
            case generatedScenarios = "generated_scenarios"
            case generatedWallSeconds = "generated_wall_s"
            case generatedCPUSeconds = "generated_cpu_s"
            case generatedDurableWallSeconds = "generated_durable_wall_s"
            case generatedDurableCPUSeconds = "generated_durable_cpu_s"
        }
    }

    static func run(_ options: Options, output: BenchmarkOutput) throws {
        let suitePath = options.suite ?? FileManager.default.currentDirectoryPath.appendingPathComponent("Scenarios")
        try withTemporaryFolder(for: name) { folder in
            let runner = ScenarioRunner(apps: ReferenceApps.all, workFolder: folder.appendingPathComponent("devices"),
                                        hostNanoseconds: { DispatchTime.now().uptimeNanoseconds })
            output.progress("scenarios: the suite in \(suitePath)")
            let suite = try load(suitePath, what: "the suite (give its folder with --suite)")
            let suiteSeconds = try timedRun(suite, runner: runner, workers: options.workers)
            let generatedFolder = folder.appendingPathComponent("generated")
            try ScenarioTemplates.write(count: options.generated, to: generatedFolder)
            output.progress("scenarios: \(options.generated) generated")
            let generated = try load(generatedFolder, what: "the generated suite")
            let scratch = try timedRun(generated, runner: runner, workers: options.workers)
            output.progress("scenarios: \(options.generated) generated, on durable devices each building its library")
            var durableRunner = ScenarioRunner(apps: ReferenceApps.all, workFolder: folder.appendingPathComponent("durable-devices"),
                                               hostNanoseconds: { DispatchTime.now().uptimeNanoseconds },
                                               makeFileSystem: { POSIXFileSystem(durability: .durable) })
            durableRunner.preparesMediaLibraryOnce = false
            let durable = try timedRun(generated, runner: durableRunner, workers: options.workers)
            let figures = Figures(suiteScenarios: suite.count, suiteWallSeconds: suiteSeconds.wall.rounded(toPlaces: 3),
                                  generatedScenarios: generated.count, generatedWallSeconds: scratch.wall.rounded(toPlaces: 3),
                                  generatedCPUSeconds: scratch.cpu.rounded(toPlaces: 3),
                                  generatedDurableWallSeconds: durable.wall.rounded(toPlaces: 3),
                                  generatedDurableCPUSeconds: durable.cpu.rounded(toPlaces: 3))
            try output.figures(figures, readable: [
                "suite \(suitePath): \(figures.suiteScenarios) scenarios in \(figures.suiteWallSeconds) s on \(options.workers) workers",
                "generated: \(figures.generatedScenarios) scenarios in \(figures.generatedWallSeconds) s "
                    + "(\(figures.generatedCPUSeconds) s CPU) on \(options.workers) workers",
                "generated on durable devices, each building its library: \(figures.generatedDurableWallSeconds) s "
                    + "(\(figures.generatedDurableCPUSeconds) s CPU)",
            ].joined(separator: "\n"))
        }
    }

    /// The scenarios of `path`, or a failure naming what could not be loaded and why.
    private static func load(_ path: String, what: String) throws -> [Scenario] {
        do {
            return try ScenarioSuite.load(path: path, loader: ScenarioLoader(checkers: CheckerCatalogue(apps: ReferenceApps.all))).scenarios
        } catch {
            throw BenchmarkFailure(message: "could not load \(what) at \(path):\n\(error)")
        }
    }

    /// Wall and CPU seconds to run `scenarios`; a failing scenario fails the benchmark (a broken
    /// run measures nothing), naming it.
    private static func timedRun(_ scenarios: [Scenario], runner: ScenarioRunner, workers: Int) throws -> (wall: Double, cpu: Double) {
        var results: [ScenarioResult] = []
        let cpuBefore = ProcessCPU.seconds()
        let seconds = Stopwatch.seconds { results = runner.run(scenarios, workers: workers) }
        let cpu = ProcessCPU.seconds() - cpuBefore
        if let failed = results.first(where: { !$0.passed }), let failure = failed.failure {
            throw BenchmarkFailure(message: "\(failed.file) failed at \(failure.location): \(failure.message)")
        }
        return (seconds, cpu)
    }
}
