import AppRuntime
import Apps
import Core
import DeviceStore
import Foundation
import PhotoSimTesting
@testable import Scenarios
import Testing
import World

/// The reference app LootLogger written against UIKit (ReferenceApps/LootLogger), in its own
/// process: the repository's lootlogger scenarios, unchanged, pass on it as they do on the app
/// host, and what only the process shows holds (the camera's answer kept by the device, the
/// decoded images' jetsam at the crossing).
@Suite struct LootLoggerProcessTests {
    static let app = ReferenceAppHarness(name: "LootLogger")
    static let repository = ReferenceAppHarness.repository
    static let suite = ReferenceAppHarness.suite

    private static func bundle(in folder: TemporaryFolder) throws -> AppBundle {
        try app.bundle(in: folder)
    }

    private func run(_ scenario: Scenario) throws -> (result: ScenarioResult, lines: [String]) {
        try Self.app.run(scenario)
    }

    private func scenario(_ relativePath: String) throws -> Scenario {
        try #require(try ScenarioSuite.load(path: Self.suite + "/lootlogger").scenarios.first { $0.relativePath == relativePath })
    }

    private func inline(_ text: String) throws -> Scenario {
        let folder = try TemporaryFolder(prefix: "LootLoggerProcessTests.")
        let path = folder.appending("inline.yaml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try #require(try ScenarioSuite.load(path: path).scenarios.first)
    }

    static let scenarios = ["archive-on-background", "camera-prompt-denied", "camera-prompt-ok", "delete-removes-photo",
                            "ipad-popovers", "jetsam", "library-pick-stores-original", "memory-warning-flushes-cache",
                            "memory-warning-keeps-cache", "no-camera-no-camera-action", "regressions-kill-loses-items",
                            "regressions-privacy-crash", "saved-photos-album"]

    @Test(arguments: scenarios)
    func theReferenceScenarioPassesOnTheUIKitApp(name: String) throws {
        try Self.app.expectPasses("lootlogger/\(name).yaml")
    }

    /// The item keys LootLogger draws with `UUID()` come from the world's stream for the app:
    /// one seed, one trace (the photo's file name included); another seed, another key.
    @Test func theItemKeysAreTheSeedsSoTwoRunsOfOneSeedAreTheSame() throws {
        let scenario = try scenario("lootlogger/delete-removes-photo.yaml")
        func run(seed: UInt64) throws -> (digest: String, written: [String]) {
            let folder = try TemporaryFolder(prefix: "LootLoggerProcessTests.")
            var runner = ScenarioRunner(apps: ReferenceApps.all, workFolder: folder.appending("runs"), hostNanoseconds: { 0 })
            runner.appBundles = [try Self.bundle(in: folder)]
            let (result, trace) = runner.runKeepingTrace(scenario, options: RunOptions(seed: seed), slot: "test")
            #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
            return (result.traceDigest, trace.map(\.line).filter { $0.contains("file written Documents/") })
        }
        let first = try run(seed: 7), second = try run(seed: 7), other = try run(seed: 8)
        #expect(first.digest == second.digest)
        #expect(!first.written.isEmpty && first.written == second.written)
        #expect(other.written != first.written, "another seed draws another key")
    }

    @Test func theCamerasAnswerIsTheDevicesAndIsNotAskedAgainAfterARelaunch() throws {
        let (result, lines) = try run(try inline("""
            appId: com.photosim.LootLogger
            ---
            - launchApp
            - tapOn: Add
            - pressKey: Home
            - launchApp: {stopApp: false}
            - tapOn: Item 1
            - tapOn: Camera
            - tapOn: Camera
            - tapOn: OK
            - cancelPicker
            - killApp
            - launchApp
            - tapOn: Item 1
            - tapOn: Camera
            - tapOn: Camera
            - assertPresented: {screen: ImagePickerController, style: fullScreen}
            - takePhoto
            - assertVisible: {id: photo}
            """))
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
        #expect(lines.filter { $0.contains("prompt “LootLogger” Would Like to Access the Camera") }.count == 1)
        // The device type's camera size: an iPhone 15's 12 MP photo.
        #expect(lines.contains { $0.contains("camera took 4032x3024") }, "\(lines.filter { $0.contains("camera took") })")
    }

    @Test func aDeniedCameraTakesNoPhotoAndSaysWhy() throws {
        let (result, lines) = try run(try inline("""
            appId: com.photosim.LootLogger
            permissions: {camera: deny}
            ---
            - launchApp
            - tapOn: Add
            - tapOn: Item 1
            - tapOn: Camera
            - tapOn: Camera
            - takePhoto
            """))
        #expect(!result.passed)
        #expect(result.failure?.message.contains("camera access is denied") == true, "\(String(describing: result.failure))")
        #expect(!lines.contains { $0.contains("Would Like to Access the Camera") }, "a decided camera does not ask")
    }

    /// Privacy is read live, as iOS's settings are: a camera allowed while the app runs (a
    /// scenario's `setPermissions`, `simctl privacy grant`) takes the next photo.
    @Test func aCameraAllowedWhileTheAppRunsTakesTheNextPhoto() throws {
        let (result, lines) = try run(try inline("""
            appId: com.photosim.LootLogger
            permissions: {camera: deny}
            ---
            - launchApp
            - tapOn: Add
            - tapOn: Item 1
            - setPermissions: {camera: allow}
            - tapOn: Camera
            - tapOn: Camera
            - takePhoto
            - assertVisible: {id: photo}
            """))
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
        #expect(!lines.contains { $0.contains("Would Like to Access the Camera") }, "an allowed camera does not ask")
    }

    @Test func aDamagedCameraImageIsRefusedNamingTheFileBeforeTheAppSeesIt() throws {
        let folder = try TemporaryFolder(prefix: "LootLoggerProcessTests.")
        let photo = try Data(contentsOf: Self.repository.appendingPathComponent("Scenarios/media/picos.jpg"))
        try photo.prefix(photo.count / 2).write(to: URL(fileURLWithPath: folder.appending("half.jpg")))
        let path = folder.appending("damaged.yaml")
        try """
            appId: com.photosim.LootLogger
            permissions: {camera: allow}
            ---
            - launchApp
            - tapOn: Add
            - tapOn: Item 1
            - tapOn: Camera
            - tapOn: Camera
            - takePhoto: {image: half.jpg}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let (result, lines) = try run(try #require(try ScenarioSuite.load(path: path).scenarios.first))
        let message = try #require(result.failure?.message)
        #expect(message.contains("the image \(folder.appending("half.jpg")) given to the camera cannot be used (truncated JPEG"), "\(message)")
        #expect(!lines.contains { $0.contains("camera took") }, "the app was handed nothing")
    }

    @Test func jetsamEndsTheProcessAtTheCrossingBeforeAnyWarning() throws {
        let (result, lines) = try run(try scenario("lootlogger/jetsam.yaml"))
        #expect(result.passed)
        let crossed = try #require(lines.firstIndex { $0.contains("memory limit crossed: footprint 331380 bytes, limit 307200") })
        let killed = try #require(lines.firstIndex { $0.contains("LootLogger killed by jetsam reason per-process-limit") })
        #expect(crossed < killed)
        #expect(!lines.contains { $0.contains("memory pressure") || $0.contains("applicationDidReceiveMemoryWarning") },
                "one allocation crossed the high-water mark and the limit: the process ended there, warned of nothing")
    }
}
