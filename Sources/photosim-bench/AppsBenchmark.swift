import AppRuntime
import Core
import DeviceStore
import Foundation

/// `photosim-bench apps`: an app in its own process, as `LaunchedApp` runs it: how long a launch
/// takes from spawn to the first settled screen, how long one step takes from a tap to the
/// settled element tree, and whether the host's memory stays flat over many launches.
///
/// The app is `Journal` (Tests/Apps/Journal, plain UIKit code) beside this executable (build it
/// with `swift build -c release --product Journal`), or `--app PATH`; it is bundled as an `.app`
/// in a temporary folder with a container laid out as a device's.
///
/// - `app_launch_ms_median`: spawn to the first settled screen, in milliseconds (the process is
///   killed after each, as a scenario's `killApp` does).
/// - `app_step_ms_median`: one tap (push a screen, then the back button) to the settled tree.
/// - `host_rss_bytes_first`, `host_rss_bytes_last`: this process's resident memory after the first
///   and the last launch.
enum AppsBenchmark: Benchmark {
    static let name = "apps"
    static let summary = "an app in its own process: launch to the first settled screen, a tap to a settled tree (ms), host RSS"

    struct Options: BenchmarkOptions {
        var json = false
        var launches = 200
        var steps = 400
        var appPath: String?
    }

    static var options: [BenchmarkOption<Options>] {
        [
            .positiveNumber("--launches", "launches timed (default 200)", \.launches),
            .positiveNumber("--steps", "taps timed on one launched app (default 400)", \.steps),
            .path("--app", "PATH", "the app executable (default: Journal beside photosim-bench)", \.appPath),
        ]
    }

    struct Figures: BenchmarkFigures {
        let launches: Int
        let steps: Int
        let launchMillisecondsMedian: Double
        let stepMillisecondsMedian: Double
        let hostResidentBytesFirst: Int
        let hostResidentBytesLast: Int

        enum CodingKeys: String, CodingKey, CaseIterable {
            case launches, steps
            case launchMillisecondsMedian = "app_launch_ms_median"
            case stepMillisecondsMedian = "app_step_ms_median"
            case hostResidentBytesFirst = "host_rss_bytes_first"
            case hostResidentBytesLast = "host_rss_bytes_last"
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
            var firstResident = 0
            for launch in 0..<options.launches {
                output.progress("apps: launch \(launch + 1)/\(options.launches)")
                var app: LaunchedApp?
                launchTimes.append(try Stopwatch.milliseconds { app = try LaunchedApp.launch(bundle: bundle, container: container, device: device) })
                app?.kill()
                if launch == 0 { firstResident = try ProcessStatus.residentBytes() }
            }
            let lastResident = try ProcessStatus.residentBytes()
            let app = try LaunchedApp.launch(bundle: bundle, container: container, device: device)
            var stepTimes: [Double] = []
            for step in 0..<options.steps {
                output.progress("apps: step \(step + 1)/\(options.steps)")
                let label = step.isMultiple(of: 2) ? "Details" : "Journal"
                stepTimes.append(try Stopwatch.milliseconds { try app.tap(label: label) })
            }
            app.kill()
            let figures = Figures(launches: options.launches, steps: options.steps,
                                  launchMillisecondsMedian: median(launchTimes).rounded(toPlaces: 2),
                                  stepMillisecondsMedian: median(stepTimes).rounded(toPlaces: 3),
                                  hostResidentBytesFirst: firstResident, hostResidentBytesLast: lastResident)
            try output.figures(figures, readable: "\(executable): launch to the first settled screen, median "
                + "\(figures.launchMillisecondsMedian) ms over \(options.launches); a tap to a settled tree, median "
                + "\(figures.stepMillisecondsMedian) ms over \(options.steps); host RSS \(firstResident / 1024) KB after the "
                + "first launch, \(lastResident / 1024) KB after the last")
        }
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
