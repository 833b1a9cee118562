import AppRuntime
import Apps
import Core
import DeviceStore
import Foundation
import PhotoSimTesting
@testable import Scenarios
import Testing
import World

/// The reference app MyLocations written against UIKit (ReferenceApps/MyLocations), in its own
/// process: every scenario tagged `mylocations` (its fault sweeps and regressions too) passes on
/// it as on the app host, unchanged, except the one tagged `in-process`; a `crashAt` kills the
/// process where Core's save passes the point, and a fault's temporary file has the same name on
/// every run of a seed.
@Suite struct MyLocationsProcessTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let suite = repository.appendingPathComponent("Scenarios").path
    /// A loader that knows the reference apps' checkers, which the suite's headers name.
    static let loader = ScenarioLoader(checkers: CheckerCatalogue(apps: ReferenceApps.all))

    /// MyLocations.app as `scripts/bundle-apps` lays it out, in a temporary folder.
    private static func bundle(in folder: TemporaryFolder) throws -> AppBundle {
        let path = try AppBundleMaker.make(at: folder.appending("MyLocations.app"), executable: JournalFixture.productsFolder + "/MyLocations",
                                           infoPlist: repository.appendingPathComponent("ReferenceApps/MyLocations/Info.plist").path)
        return try AppBundle.read(at: path, fileSystem: POSIXFileSystem())
    }

    /// Runs `scenario` with the bundle given to a runner that also knows the in-process apps.
    private func run(_ scenario: Scenario, seed: UInt64? = nil) throws -> (result: ScenarioResult, lines: [String]) {
        let folder = try TemporaryFolder(prefix: "MyLocationsProcessTests.")
        var runner = ScenarioRunner(apps: ReferenceApps.all, workFolder: folder.appending("runs"), hostNanoseconds: { 0 })
        runner.appBundles = [try Self.bundle(in: folder)]
        let (result, trace) = runner.runKeepingTrace(scenario, options: RunOptions(seed: seed), slot: "test")
        return (result, trace.map(\.line))
    }

    /// The suite's MyLocations scenarios an app process runs: tagged `mylocations`, not `in-process`.
    static let scenarios: [String] = {
        guard let loaded = try? ScenarioSuite.load(path: suite, loader: loader).scenarios else { return [] }
        return loaded.filter { $0.header.tags.contains("mylocations") && !$0.header.tags.contains("in-process") }
            .map(\.relativePath).sorted()
    }()

    private func scenario(_ relativePath: String) throws -> Scenario {
        try #require(try ScenarioSuite.load(path: Self.suite, loader: Self.loader).scenarios.first { $0.relativePath == relativePath })
    }

    /// The scenario `text` beside a copy of the suite's picos.jpg, in `folder` (kept by the
    /// caller: a temporary folder goes when it is freed).
    private func inline(_ text: String, in folder: TemporaryFolder) throws -> Scenario {
        try FileManager.default.createDirectory(atPath: folder.appending("media"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.suite + "/media/picos.jpg", toPath: folder.appending("media/picos.jpg"))
        let path = folder.appending("inline.yaml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try #require(try ScenarioSuite.load(path: folder.path, loader: Self.loader).scenarios.first)
    }

    @Test func theSuiteHasTheScenariosCIRuns() {
        // .ci/run checks the same number in the JUnit of its run.
        #expect(Self.scenarios.count == 34, "\(Self.scenarios)")
    }

    @Test(arguments: scenarios)
    func theReferenceScenarioPassesOnTheUIKitApp(path: String) throws {
        let (result, lines) = try run(try scenario(path))
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)\n" + $0.traceTail.joined(separator: "\n") } ?? "")")
        #expect(lines.contains { $0.hasSuffix("process launched com.photosim.MyLocations") },
                "the bundle replaces the in-process app of the same identifier")
    }

    /// `crashAt` on an app process: SIGKILL where the app's save on Core passes the point, the
    /// trace in the app host's words, and the file written before it is on the disk.
    @Test func crashAtKillsTheProcessWhereItsSavePassesThePoint() throws {
        let folder = try TemporaryFolder(prefix: "MyLocationsProcessTests.")
        let (result, lines) = try run(try inline("""
            appId: com.photosim.MyLocations
            media: [media/picos.jpg]
            ---
            - launchApp
            - tapOn: Tag Location
            - tapOn: Add Photo
            - tapOn: Choose From Library
            - pickPhoto: 0
            - crashAt: photos.save.afterFileWrite
            - tapOn: Done
            - assertFiles: {folder: Documents, names: [Photo-1.jpg]}
            - assertQuery: {store: Library/Application Support/Locations.sqlite, sql: SELECT COUNT(*) FROM ZLOCATION, rows: [[0]]}
            """, in: folder))
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
        let killed = try #require(lines.firstIndex { $0.hasSuffix("crash point photos.save.afterFileWrite: MyLocations killed, its disk frozen") })
        #expect(lines[killed...].contains { $0.contains("process com.photosim.MyLocations ended") || $0.contains("signal 9") || $0.contains("SIGKILL") },
                "\(lines.suffix(5))")
        #expect(lines[..<killed].contains { $0.contains("file written Documents/Photo-1.jpg") })
    }

    /// Only the first pass of a point can be a process's end: a later occurrence is refused
    /// before anything runs, with what to do.
    @Test func aCrashPointsLaterOccurrenceIsRefusedOnAnAppProcess() throws {
        let folder = try TemporaryFolder(prefix: "MyLocationsProcessTests.")
        let (result, _) = try run(try inline("""
            appId: com.photosim.MyLocations
            ---
            - launchApp
            - crashAt: {point: photos.save.afterFileWrite, occurrence: 2}
            """, in: folder))
        let message = try #require(result.failure?.message)
        #expect(message.contains("crashAt photos.save.afterFileWrite at its occurrence 2"), "\(message)")
        #expect(message.contains("arm it after the passes to skip"), "\(message)")
    }

    /// The temporary file a full disk refuses is named from the seed in an app process (Core's
    /// names take the process id elsewhere), so one seed gives one trace.
    @Test func aFaultsTemporaryFileHasOneNamePerSeed() throws {
        let scenario = try scenario("faults/disk-full-overwrite.yaml")
        func faultLine(seed: UInt64) throws -> (digest: String, line: String?) {
            let (result, lines) = try run(scenario, seed: seed)
            #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
            return (result.traceDigest, lines.first { $0.contains("fault diskFull on write Documents/..Photo-1.jpg.staged.") })
        }
        let first = try faultLine(seed: 7), second = try faultLine(seed: 7)
        #expect(first.line != nil)
        #expect(first.line == second.line)
        #expect(first.digest == second.digest)
    }
}
