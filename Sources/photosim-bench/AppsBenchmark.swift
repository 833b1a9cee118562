import AppRuntime
import Apps
import Core
import DeviceStore
import Foundation
import Scenarios

/// `photosim-bench apps`: an app in its own process, as `LaunchedApp` runs it: how long a launch
/// takes from spawn to the first settled screen, how long one step takes from a tap to the
/// settled element tree, and whether the host's memory stays flat over many launches.
///
/// The app is `Journal` (Tests/Apps/Journal, plain UIKit code) beside this executable (build it
/// with `swift build -c release --product Journal`), or `--app PATH`; it is bundled as an `.app`
/// in a temporary folder with a container laid out as a device's.
///
/// - `app_launch_ms_median`: the start of the process to the first settled screen, in
///   milliseconds, as a scenario run launches it: from the executable's loaded image
///   (``LaunchPool``; the process is killed after each, as a scenario's `killApp` does).
/// - `app_spawn_launch_ms_median`: the same from a fresh `posix_spawn`, as `simctl launch` does.
/// - `app_step_ms_median`: one tap (present the About screen, then its Close button) to the
///   settled tree.
/// - `host_rss_bytes_first`, `host_rss_bytes_last`: this process's resident memory after the first
///   and the last launch.
/// - `suite_scenarios`, `suite_wall_s`, `suite_in_process_wall_s`: the reference suite's scenarios
///   of the four apps written against UIKit (all but those tagged `in-process`; the apps beside
///   this executable: `swift build -c release --product MyLocations`, and so on; link them
///   dynamically, since a statically linked app keeps libdispatch's own queues), run on
///   `--workers` threads on app processes, and the same scenarios on the in-process apps, in
///   seconds of wall time.
enum AppsBenchmark: Benchmark {
    static let name = "apps"
    static let summary = "an app in its own process: launch to the first settled screen, a tap to a settled tree (ms), host RSS"

    struct Options: BenchmarkOptions {
        var json = false
        var launches = 200
        var steps = 400
        var appPath: String?
        var suite: String?
        var workers = 2
    }

    static var options: [BenchmarkOption<Options>] {
        [
            .positiveNumber("--launches", "launches timed (default 200)", \.launches),
            .positiveNumber("--steps", "taps timed on one launched app (default 400)", \.steps),
            .path("--app", "PATH", "the app executable (default: Journal beside photosim-bench)", \.appPath),
            .path("--suite", "DIR", "the reference suite (default: ./Scenarios)", \.suite),
            .positiveNumber("--workers", "scenarios run at once (default 2)", \.workers),
        ]
    }

    struct Figures: BenchmarkFigures {
        let launches: Int
        let steps: Int
        let launchMillisecondsMedian: Double
        let spawnLaunchMillisecondsMedian: Double
        let stepMillisecondsMedian: Double
        let hostResidentBytesFirst: Int
        let hostResidentBytesLast: Int
        let suiteScenarios: Int
        let suiteWallSeconds: Double
        let suiteInProcessWallSeconds: Double

        enum CodingKeys: String, CodingKey, CaseIterable {
            case launches, steps
            case launchMillisecondsMedian = "app_launch_ms_median"
            case spawnLaunchMillisecondsMedian = "app_spawn_launch_ms_median"
            case stepMillisecondsMedian = "app_step_ms_median"
            case hostResidentBytesFirst = "host_rss_bytes_first"
            case hostResidentBytesLast = "host_rss_bytes_last"
            case suiteScenarios = "suite_scenarios"
            case suiteWallSeconds = "suite_wall_s"
            case suiteInProcessWallSeconds = "suite_in_process_wall_s"
        }
    }

    static func run(_ options: Options, output: BenchmarkOutput) throws {
        let executable = try options.appPath ?? journalBesideThisExecutable()
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BenchmarkFailure(message: "--app \(executable): no executable file there; give the path of an app built "
                + "against UIKit (Journal: `swift build -c release --product Journal`)")
        }
        try withTemporaryFolder(for: name) { folder in
            let bundle = try makeBundle(in: folder, executable: executable)
            let container = folder.appendingPathComponent("Container")
            try RuntimeDevice.makeDataContainer(at: container, fileSystem: POSIXFileSystem())
            let device = LaunchedApp.Device(name: "iPhone 15", udid: "00000000-0000-4000-8000-000000000001")
            var launchTimes: [Double] = []
            var spawnTimes: [Double] = []
            var firstResident = 0
            let pool = LaunchPool()
            defer { pool.close() }
            for launch in 0..<options.launches {
                output.progress("apps: launch \(launch + 1)/\(options.launches)")
                var app: LaunchedApp?
                launchTimes.append(try Stopwatch.milliseconds {
                    app = try LaunchedApp.launch(bundle: bundle, container: container, device: device, pool: pool)
                })
                app?.kill()
                spawnTimes.append(try Stopwatch.milliseconds { app = try LaunchedApp.launch(bundle: bundle, container: container, device: device) })
                app?.kill()
                if launch == 0 { firstResident = try ProcessStatus.residentBytes() }
            }
            let lastResident = try ProcessStatus.residentBytes()
            let app = try LaunchedApp.launch(bundle: bundle, container: container, device: device)
            var stepTimes: [Double] = []
            for step in 0..<options.steps {
                output.progress("apps: step \(step + 1)/\(options.steps)")
                // About and its Close: a presentation and its dismissal. (The Journal's Details
                // screen waits 100 ms of host time on purpose, to show timed waits.)
                let label = step.isMultiple(of: 2) ? "About" : "Close"
                stepTimes.append(try Stopwatch.milliseconds { try app.tap(label: label) })
            }
            app.kill()
            output.progress("apps: the reference suite's UIKit apps")
            let suite = try referenceSuite(options, in: folder)
            let figures = Figures(launches: options.launches, steps: options.steps,
                                  launchMillisecondsMedian: median(launchTimes).rounded(toPlaces: 2),
                                  spawnLaunchMillisecondsMedian: median(spawnTimes).rounded(toPlaces: 2),
                                  stepMillisecondsMedian: median(stepTimes).rounded(toPlaces: 3),
                                  hostResidentBytesFirst: firstResident, hostResidentBytesLast: lastResident,
                                  suiteScenarios: suite.scenarios, suiteWallSeconds: suite.processes.rounded(toPlaces: 3),
                                  suiteInProcessWallSeconds: suite.inProcess.rounded(toPlaces: 3))
            try output.figures(figures, readable: "\(executable): launch to the first settled screen, median "
                + "\(figures.launchMillisecondsMedian) ms over \(options.launches) from the loaded image, "
                + "\(figures.spawnLaunchMillisecondsMedian) ms spawned; a tap to a settled tree, median "
                + "\(figures.stepMillisecondsMedian) ms over \(options.steps); host RSS \(firstResident / 1024) KB after the "
                + "first launch, \(lastResident / 1024) KB after the last\n"
                + "reference suite, the apps written against UIKit: \(suite.scenarios) scenarios in \(figures.suiteWallSeconds) s "
                + "on app processes, \(figures.suiteInProcessWallSeconds) s in process, on \(options.workers) workers")
        }
    }

    /// The reference apps written against UIKit, bundled from the executables beside this one
    /// with their Info.plists from `ReferenceApps/`.
    static let uikitReferenceApps = ["LootLogger", "MyLocations", "PhotoBlobs", "PhotoShare"]

    /// The reference suite's scenarios of the UIKit apps, timed on app processes and in process.
    private static func referenceSuite(_ options: Options, in folder: String) throws -> (scenarios: Int, processes: Double, inProcess: Double) {
        let suitePath = options.suite ?? FileManager.default.currentDirectoryPath.appendingPathComponent("Scenarios")
        let repository = suitePath.deletingLastPathComponent
        let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path.deletingLastPathComponent
        var bundles: [AppBundle] = []
        for name in uikitReferenceApps {
            let executable = products.appendingPathComponent(name)
            guard FileManager.default.isExecutableFile(atPath: executable) else {
                throw BenchmarkFailure(message: "no \(name) beside photosim-bench at \(executable): build it with "
                    + "`swift build -c release --product \(name)`")
            }
            let app = folder.appendingPathComponent("\(name).app")
            try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: executable, toPath: app.appendingPathComponent(name))
            try FileManager.default.copyItem(atPath: repository.appendingPathComponent("ReferenceApps/\(name)/Info.plist"),
                                             toPath: app.appendingPathComponent("Info.plist"))
            bundles.append(try AppBundle.read(at: app, fileSystem: POSIXFileSystem()))
        }
        let all: [Scenario]
        do {
            all = try ScenarioSuite.load(path: suitePath, loader: ScenarioLoader(checkers: CheckerCatalogue(apps: ReferenceApps.all))).scenarios
        } catch {
            throw BenchmarkFailure(message: "could not load the suite at \(suitePath) (give its folder with --suite):\n\(error)")
        }
        let identifiers = Set(bundles.map(\.bundleIdentifier.rawValue))
        // The scenarios tagged `in-process` assert what only the app host can (docs/scenarios.md).
        let scenarios = all.filter { identifiers.contains($0.header.appId) && !$0.header.tags.contains("in-process") }
        func timed(_ runner: ScenarioRunner) throws -> Double {
            var results: [ScenarioResult] = []
            let seconds = Stopwatch.seconds { results = runner.run(scenarios, workers: options.workers) }
            if let failed = results.first(where: { !$0.passed }), let failure = failed.failure {
                throw BenchmarkFailure(message: "\(failed.file) failed at \(failure.location): \(failure.message)")
            }
            return seconds
        }
        var processRunner = ScenarioRunner(apps: ReferenceApps.all, workFolder: folder.appendingPathComponent("process-devices"),
                                           hostNanoseconds: { DispatchTime.now().uptimeNanoseconds })
        processRunner.appBundles = bundles
        let inProcessRunner = ScenarioRunner(apps: ReferenceApps.all, workFolder: folder.appendingPathComponent("devices"),
                                             hostNanoseconds: { DispatchTime.now().uptimeNanoseconds })
        return (scenarios.count, try timed(processRunner), try timed(inProcessRunner))
    }

    private static func journalBesideThisExecutable() throws -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let path = executable.deletingLastPathComponent.appendingPathComponent("Journal")
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkFailure(message: "no Journal beside photosim-bench at \(path): build it first, with "
                + "`swift build -c release --product Journal`, or give an app executable with --app PATH")
        }
        return path
    }

    /// `Journal.app` with a copy of `executable` and an Info.plist naming it.
    private static func makeBundle(in folder: String, executable: String) throws -> AppBundle {
        let app = folder.appendingPathComponent("Journal.app")
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: executable, toPath: app.appendingPathComponent("Journal"))
        let plist: [String: Any] = ["CFBundleIdentifier": "com.example.journal", "CFBundleExecutable": "Journal"]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: app.appendingPathComponent("Info.plist")))
        return try AppBundle.read(at: app, fileSystem: POSIXFileSystem())
    }
}
