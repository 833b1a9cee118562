import AppChannel
import Apps
import Core
import DeviceStore
import Foundation
import PhotoSimTesting
@testable import Scenarios
import Simulator
import Testing

/// `simctl explore --app`: the UIKit MyLocations explored in its own process, with the app
/// host's checkers for its identifier. The planted bugs are found and shrunk as on the app
/// host, the written file replays with the same `--app`, and the un-bugged app passes with no
/// command refused.
@Suite struct ExploreProcessTests {
    static let app = ReferenceAppHarness(name: "MyLocations")

    private func options(_ folder: TemporaryFolder, seed: UInt64, steps: Int, arguments: [String: String] = [:],
                         bundle: AppBundleHolder) -> ExploreOptions {
        var options = ExploreOptions(appId: MyLocations.bundleIdentifier.rawValue, seed: seed, steps: steps,
                                     device: "iPod touch (7th generation)", hasCamera: false,
                                     launchArguments: arguments.sorted { $0.key < $1.key }.map { LaunchArgument(name: $0.key, value: $0.value) },
                                     outputFolder: folder.appending("out"), workFolder: folder.appending("work"))
        options.appBundle = bundle.bundle
        return options
    }

    /// The bundle, kept in its folder for the test's length.
    struct AppBundleHolder {
        let folder: TemporaryFolder
        let bundle: AppBundle
        init() throws {
            folder = try TemporaryFolder(prefix: "ExploreProcessTests.")
            bundle = try ExploreProcessTests.app.bundle(in: folder)
        }
    }

    @Test(arguments: [("deleteKeepsFile", "photo-files", UInt64(72)), ("strongObserver", "leaks", UInt64(1))])
    func aPlantedBugInTheUIKitAppIsFoundShrunkAndReplaysWithItsApp(argument: String, checker: String, seed: UInt64) throws {
        let folder = try TemporaryFolder(prefix: "ExploreProcessTests.")
        let holder = try AppBundleHolder()
        let report = try Explorer(apps: ReferenceApps.all).explore(options(folder, seed: seed, steps: 100, arguments: [argument: "true"],
                                                                            bundle: holder))
        let failure = try #require(report.failures.first, "found nothing in \(report.steps) steps")
        #expect(failure.checker == checker)
        #expect(failure.commands.count <= 8, "\(failure.commands.map(\.summary))")
        #expect(failure.reproduces, "the written file fails the same way on the app's process")
        #expect(failure.replayCommand.hasSuffix(" --app \(holder.bundle.path)"), "\(failure.replayCommand)")
        let text = try String(contentsOfFile: failure.file, encoding: .utf8)
        #expect(text.contains("--launch-arg \(argument)=true --app \(holder.bundle.path)"), "\(text)")
    }

    /// An app process can be killed right after its next file write in Documents or Library
    /// (`killAtTraceEvent`), anywhere in its own code; the app host's apps have crash points.
    @Test func anAppProcessIsKilledAtItsNextFileWrite() throws {
        let snapshot = ProcessScenarioSession.ExploreSnapshot(applicationState: "active", tree: ElementNode(id: 0, kind: "window", frame: [0, 0, 320, 568]),
                                                              presentations: [], systemAlert: nil, cameraGranted: true, libraryCount: 0,
                                                              armedCrashPoints: [])
        let state = ExploreState(process: snapshot)
        #expect(state.allows(.killAtFileWrite))
        let generator = ExploreGenerator(random: SplitMix64(seed: 3), arguments: [], mediaFiles: [])
        for _ in 0..<8 {
            let commands = generator.commands(for: .killAtFileWrite, in: state)
            guard case .killAtTraceEvent(.containing(let text))? = commands.first, commands.count == 1 else {
                Issue.record("\(commands)")
                return
            }
            #expect(["file written Documents/", "file written Library/"].contains(text))
        }
        let stopped = ExploreState(process: ProcessScenarioSession.ExploreSnapshot(
            applicationState: nil, tree: nil, presentations: [], systemAlert: nil, cameraGranted: true, libraryCount: 0, armedCrashPoints: []))
        #expect(!stopped.allows(.killAtFileWrite), "only a running app writes")
    }

    @Test func theUnbuggedUIKitAppPassesWithNoCommandRefused() throws {
        let folder = try TemporaryFolder(prefix: "ExploreProcessTests.")
        let holder = try AppBundleHolder()
        let report = try Explorer(apps: ReferenceApps.all).explore(options(folder, seed: 1, steps: 300, bundle: holder))
        #expect(report.failures.isEmpty, "\(report.failures.map { "\($0.checker): \($0.problems)" })")
        #expect(report.steps == 300)
        #expect(report.refusedCommands == 0, "\(report.refusals)")
    }
}
