import Apps
import Core
import Foundation
import Scenarios
import Simulator

/// `photosim-bench explore`: how fast exploration draws and checks events on MyLocations (every
/// checker after every event), and how long it takes to find each planted bug, shrink it and
/// write its scenario.
///
/// `steps_per_s` explores the un-bugged app (default device) for `--steps` events from seed 1 (runs of 100
/// events, each from a fresh device); `seconds_to_find` explores each planted-bug variant from
/// seed 1 on ``bugDevice`` until the bug is found and its scenario written (`id_after_write` with the disk
/// faults and the kills in the middle of an operation that exploration draws).
enum ExploreBenchmark: Benchmark {
    static let name = "explore"
    static let summary = "exploration of MyLocations: events per second with every checker, seconds to find each planted bug"

    struct Options: BenchmarkOptions {
        var json = false
        var steps = 2_000
    }

    static var options: [BenchmarkOption<Options>] {
        [.positiveNumber("--steps", "events explored for steps_per_s (default 2000)", \.steps)]
    }

    /// The planted bugs, by the key `seconds_to_find` uses, with the launch argument that plants
    /// each (nil: not findable by exploration yet).
    static let plantedBugs: [(key: String, argument: String?)] = [
        ("id_after_write", "photoIDAfterWrite"), ("delete_keeps_file", "deleteKeepsFile"), ("strong_observer", "strongObserver"),
    ]

    /// The device the planted bugs are explored on, made without cameras: then Add Photo opens
    /// the library directly, the shortest path to a photo (as the explorer's tests use).
    static let bugDevice = "iPod touch (7th generation)"

    struct Figures: BenchmarkFigures {
        let stepsPerSecond: Double
        let secondsToFind: SecondsToFind

        enum CodingKeys: String, CodingKey, CaseIterable {
            case stepsPerSecond = "steps_per_s"
            case secondsToFind = "seconds_to_find"
        }
    }

    /// Seconds per planted bug, null when exploration cannot find it (yet).
    struct SecondsToFind: Encodable {
        let seconds: [(key: String, value: Double?)]

        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in seconds {
                if let value { try container.encode(value, forKey: Key(stringValue: key)) } else {
                    try container.encodeNil(forKey: Key(stringValue: key))
                }
            }
        }
    }

    static func run(_ options: Options, output: BenchmarkOutput) throws {
        try withTemporaryFolder(for: name) { folder in
            let figures = try measure(options, in: folder)
            let found = figures.secondsToFind.seconds.map { "\($0.key) \($0.value.map { "\($0.rounded(toPlaces: 2)) s" } ?? "not explorable yet")" }
            try output.figures(figures, readable: "explore: \(figures.stepsPerSecond) events per second with every checker\n"
                + "seconds to find: " + found.joined(separator: ", "))
        }
    }

    private static func measure(_ options: Options, in folder: String) throws -> Figures {
        var clean = ExploreOptions(appId: MyLocations.bundleIdentifier.rawValue, seed: 1, steps: options.steps,
                                   outputFolder: folder.appendingPathComponent("clean"), workFolder: folder.appendingPathComponent("work"))
        clean.maximumShrinkRuns = 0
        var report = ExploreReport()
        let seconds = try Stopwatch.seconds { report = try Explorer(apps: ReferenceApps.all).explore(clean) }
        guard report.failures.isEmpty else {
            throw BenchmarkFailure(message: "the un-bugged app failed \(report.failures[0].checker): \(report.failures[0].problems)")
        }
        var found: [(key: String, value: Double?)] = []
        for bug in plantedBugs {
            guard let argument = bug.argument else { found.append((bug.key, nil)); continue }
            let bugged = ExploreOptions(appId: MyLocations.bundleIdentifier.rawValue, seed: 1, steps: 10_000, device: bugDevice, hasCamera: false,
                                        launchArguments: [LaunchArgument(name: argument, value: "true")],
                                        outputFolder: folder.appendingPathComponent(bug.key), workFolder: folder.appendingPathComponent("work"))
            var bugReport = ExploreReport()
            let elapsed = try Stopwatch.seconds { bugReport = try Explorer(apps: ReferenceApps.all).explore(bugged) }
            guard !bugReport.failures.isEmpty else {
                throw BenchmarkFailure(message: "\(bug.key) was not found in \(bugReport.steps) events")
            }
            found.append((bug.key, elapsed.rounded(toPlaces: 3)))
        }
        return Figures(stepsPerSecond: (Double(report.steps) / seconds).rounded(toPlaces: 0), secondsToFind: SecondsToFind(seconds: found))
    }
}
