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
/// it as on the app host, except the one tagged `in-process` (four texts say what iOS does where
/// the app host's model did not: docs/scenarios.md); a `crashAt` kills the
/// process where Core's save passes the point, and a fault's temporary file has the same name on
/// every run of a seed.
@Suite struct MyLocationsProcessTests {
    static let app = ReferenceAppHarness(name: "MyLocations")

    private func run(_ scenario: Scenario, seed: UInt64? = nil) throws -> (result: ScenarioResult, lines: [String]) {
        try Self.app.run(scenario, seed: seed)
    }

    /// The suite's MyLocations scenarios an app process runs: tagged `mylocations`, not `in-process`.
    static let scenarios = ReferenceAppHarness.scenarios(tagged: "mylocations")

    private func scenario(_ relativePath: String) throws -> Scenario {
        try #require(try ReferenceAppHarness.scenario(relativePath))
    }

    /// The scenario `text` beside a copy of the suite's picos.jpg, in `folder` (kept by the
    /// caller: a temporary folder goes when it is freed).
    private func inline(_ text: String, in folder: TemporaryFolder) throws -> Scenario {
        try FileManager.default.createDirectory(atPath: folder.appending("media"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ReferenceAppHarness.suite + "/media/picos.jpg", toPath: folder.appending("media/picos.jpg"))
        let path = folder.appending("inline.yaml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try #require(try ScenarioSuite.load(path: folder.path, loader: ReferenceAppHarness.loader).scenarios.first)
    }

    @Test func theSuiteHasTheScenariosCIRuns() {
        // .ci/run checks the same number in the JUnit of its run.
        #expect(Self.scenarios.count == 35, "\(Self.scenarios)")
    }

    @Test(arguments: scenarios)
    func theReferenceScenarioPassesOnTheUIKitApp(path: String) throws {
        try Self.app.expectPasses(path)
    }

    /// `crashAt: {point, occurrence}`: the occurrence-th pass from the arming kills, counted across
    /// a relaunch as the app host's fault layer counts it, on the app's process as in process.
    @Test func crashAtALaterOccurrenceKillsAtThatPassAcrossARelaunch() throws {
        let tag = { (place: String) in
            ["tapOn: Tag Location", "tapOn: {id: description}", "inputText: \(place)", "tapOn: Add Photo",
             "tapOn: Choose From Library", "pickPhoto: 0", "tapOn: Done"].map { "- " + $0 }.joined(separator: "\n")
        }
        let folder = try TemporaryFolder(prefix: "MyLocationsProcessTests.")
        let scenario = try inline("""
            appId: com.photosim.MyLocations
            media: [media/picos.jpg]
            ---
            - launchApp
            - crashAt: {point: photos.save.afterFileWrite, occurrence: 2}
            \(tag("One"))
            - assertRunning
            - killApp
            - launchApp
            \(tag("Two"))
            - assertTrace: "crash point photos.save.afterFileWrite: MyLocations killed, its disk frozen"
            - assertFiles: {folder: Documents, names: [Photo-1.jpg, Photo-2.jpg]}
            - launchApp
            - assertFiles: {folder: Documents, names: [Photo-1.jpg]}

            """, in: folder)
        let (process, lines) = try run(scenario)
        #expect(process.passed, "\(ReferenceAppHarness.explain(process))")
        #expect(lines.filter { $0.hasSuffix("crash point photos.save.afterFileWrite: MyLocations killed, its disk frozen") }.count == 1,
                "one kill, at the second save")
        let runner = ScenarioRunner(apps: ReferenceApps.all, workFolder: folder.appending("in-process"), hostNanoseconds: { 0 })
        let inProcess = runner.run(scenario)
        #expect(inProcess.passed, "the same on the app host: \(ReferenceAppHarness.explain(inProcess))")
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

    /// On a real disk an atomic write can fail after its rename, when the folder's `fsync`
    /// fails: the photo is in place, yet the save failed. Core then removes it, so no photo file
    /// is left that no row names (found by exploring this app: `photo-files` failed).
    @Test func aPhotoWhoseFolderSyncFailedIsNotLeftBehind() throws {
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
            - injectFault: {kind: fsyncFailure, on: sync, path: Documents}
            - tapOn: Done
            - assertVisible: Could Not Save
            - assertFiles: {folder: Documents, names: []}
            - assertQuery: {store: Library/Application Support/Locations.sqlite, sql: SELECT COUNT(*) FROM ZLOCATION, rows: [[0]]}
            """, in: folder))
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
        #expect(lines.contains { $0.contains("fault fsyncFailure on sync Documents ") }, "the folder's own fsync failed: \(lines.suffix(12))")
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

    /// The PhotoID counter is `UserDefaults.standard`'s, read from the app's own domain: a
    /// `-PhotoID` launch argument (the arguments' domain, which wins a read) does not hide it, so
    /// two photos still get IDs 1 and 2.
    @Test func aPhotoIDLaunchArgumentDoesNotHideTheCounter() throws {
        let folder = try TemporaryFolder(prefix: "MyLocationsProcessTests.")
        let (result, _) = try run(try inline("""
            appId: com.photosim.MyLocations
            media: [media/picos.jpg]
            ---
            - launchApp: {arguments: {PhotoID: 7}}
            - runFlow: {commands: [{tapOn: Tag Location}, {tapOn: Add Photo}, {tapOn: Choose From Library}, {pickPhoto: 0}, {tapOn: Done}]}
            - runFlow: {commands: [{tapOn: Tag Location}, {tapOn: Add Photo}, {tapOn: Choose From Library}, {pickPhoto: 0}, {tapOn: Done}]}
            - assertFiles: {folder: Documents, names: [Photo-1.jpg, Photo-2.jpg]}
            - assertPreference: {key: PhotoID, equals: 2}
            """, in: folder))
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
    }

    /// A counter that is not a whole number is refused, never read as 0 (which would hand
    /// out photo 1 again): the save says why and writes no photo.
    @Test func aCounterThatIsNotANumberIsRefusedNotReadAsZero() throws {
        let folder = try TemporaryFolder(prefix: "MyLocationsProcessTests.")
        let preferences = folder.appending("container/Library/Preferences")
        try FileManager.default.createDirectory(atPath: preferences, withIntermediateDirectories: true)
        let plist = try PropertyListSerialization.data(fromPropertyList: ["PhotoID": "seven"], format: .xml, options: 0)
        try plist.write(to: URL(fileURLWithPath: preferences + "/com.photosim.MyLocations.plist"))
        let (result, _) = try run(try inline("""
            appId: com.photosim.MyLocations
            media: [media/picos.jpg]
            container: container
            ---
            - launchApp
            - tapOn: Tag Location
            - tapOn: Add Photo
            - tapOn: Choose From Library
            - pickPhoto: 0
            - tapOn: Done
            - assertVisible: Could Not Save
            - assertVisible: ".*The preference \\"PhotoID\\" in the app's user defaults is invalid: expected an integer.*"
            - assertFiles: {folder: Documents, names: []}
            """, in: folder))
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)\n" + $0.traceTail.suffix(8).joined(separator: "\n") } ?? "")")
    }
}
