import Apps
import Core
import Foundation
@testable import Scenarios
import Simulator
import Testing

@Suite("Explore: planted bugs are found, shrunk and replayed; the un-bugged app passes")
struct ExplorerTests {
    /// The device type the runs use, made without cameras: Add Photo then opens the library
    /// directly, as short a path as a photo has.
    static let device = "iPod touch (7th generation)"

    static func options(_ folder: ScenarioRunFolder, seed: UInt64, steps: Int,
                        arguments: [String: String] = [:]) -> ExploreOptions {
        ExploreOptions(appId: MyLocations.bundleIdentifier.rawValue, seed: seed, steps: steps, device: device, hasCamera: false,
                       launchArguments: arguments.sorted { $0.key < $1.key }.map { LaunchArgument(name: $0.key, value: $0.value) },
                       outputFolder: folder.path + "/out", workFolder: folder.path + "/work")
    }

    @Test(arguments: [("deleteKeepsFile", "photo-files"), ("strongObserver", "leaks"), ("photoIDAfterWrite", "photo-files")])
    func aPlantedBugIsFoundShrunkToAtMostEightCommandsAndTheFileReproduces(argument: String, checker: String) throws {
        let folder = try ScenarioRunFolder()
        let report = try Explorer(apps: ReferenceApps.all).explore(Self.options(folder, seed: 1, steps: 10_000, arguments: [argument: "true"]))
        let failure = try #require(report.failures.first, "found nothing in \(report.steps) steps")
        #expect(failure.checker == checker)
        #expect(failure.commands.count <= 8, "\(failure.commands.map(\.summary))")
        #expect(failure.reproduces)
        let loaded = try ScenarioLoader().load(file: failure.file)
        #expect(loaded.steps.map(\.command) == failure.commands, "the file reads back as the shrunk commands")
        let replay = folder.runner.run(loaded)
        #expect(replay.failure?.checker == checker)
        #expect(replay.failure?.command == "check \(checker)")
        #expect(replay.replayCommand.contains(failure.file))
        let text = try String(contentsOfFile: failure.file, encoding: .utf8)
        #expect(text.hasPrefix("# Written by simctl explore: checker \(checker) failed with seed \(failure.seed)."))
        #expect(text.contains("--device 'iPod touch (7th generation)' --no-camera") && text.contains("\ncamera: none\n"), "\(text)")
        #expect(loaded.header.hasCamera == false)
    }

    /// The camera apps too: no checker fails, and the generator draws nothing the app refuses
    /// (a photo taken while camera access is denied or a permission prompt is up, for one).
    @Test(arguments: [LootLogger.bundleIdentifier.rawValue, PhotoBlobs.bundleIdentifier.rawValue, PhotoShare.bundleIdentifier.rawValue])
    func everyOtherReferenceAppPassesWithNoRefusedCommand(appId: String) throws {
        let folder = try ScenarioRunFolder()
        var options = Self.options(folder, seed: 1, steps: 300)
        options.appId = appId
        options.device = "iPhone 15"
        options.hasCamera = true
        let report = try Explorer(apps: ReferenceApps.all).explore(options)
        #expect(report.failures.isEmpty, "\(report.failures.map { "\($0.checker): \($0.problems)" })")
        #expect(report.refusedCommands == 0, "\(report.refusals)")
    }

    @Test func theUnbuggedAppPassesEveryCheckerForThreeHundredEvents() throws {
        let folder = try ScenarioRunFolder()
        let report = try Explorer(apps: ReferenceApps.all).explore(Self.options(folder, seed: 1, steps: 300))
        #expect(report.failures.isEmpty, "\(report.failures.map { "\($0.checker): \($0.problems)" })")
        #expect(report.steps == 300)
        #expect(report.seeds == Array(1...3))
        #expect(report.refusedCommands == 0, "\(report.refusals)")
    }

    @Test func oneSeedGivesTheSameFailureAndTheSameFile() throws {
        let first = try ScenarioRunFolder(), second = try ScenarioRunFolder()
        let reports = try [first, second].map { folder in
            try Explorer(apps: ReferenceApps.all).explore(Self.options(folder, seed: 5, steps: 10_000, arguments: ["deleteKeepsFile": "true"]))
        }
        let files = try reports.map { report in
            let failure = try #require(report.failures.first)
            return try String(contentsOfFile: failure.file, encoding: .utf8).replacingOccurrences(of: failure.file, with: "FILE")
                .components(separatedBy: "\n").filter { !$0.hasPrefix("# Replay") }
        }
        #expect(reports[0].steps == reports[1].steps && reports[0].seeds == reports[1].seeds)
        #expect(files[0] == files[1])
    }

    @Test func theDeadlineStopsExplorationBetweenEvents() throws {
        let folder = try ScenarioRunFolder()
        var asked = 0
        let report = try Explorer(apps: ReferenceApps.all).explore(Self.options(folder, seed: 1, steps: 1_000), deadlineReached: {
            asked += 1
            return asked > 30
        })
        #expect(report.stoppedByDeadline && report.steps < 30)
    }

    @Test func anUnknownAppIsRefusedNamingTheKnownOnes() throws {
        let folder = try ScenarioRunFolder()
        var options = Self.options(folder, seed: 1, steps: 10)
        options.appId = "com.example.Nope"
        #expect(throws: ExploreError.unknownApp("com.example.Nope", known: ReferenceApps.all.map(\.bundleIdentifier.rawValue))) {
            try Explorer(apps: ReferenceApps.all).explore(options)
        }
    }
}
