import AppRuntime
import Core
import Foundation
import Scenarios
import Testing

/// Scenarios (Tests/Apps/JournalScenarios) run on the Journal app in its own process: the same
/// words as on the app host, carried out over the app's channel.
@Suite struct ProcessScenarioTests {
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Apps/JournalScenarios").path

    private func run(_ name: String, fixture: JournalFixture) throws -> ScenarioResult {
        let scenario = try #require(try ScenarioSuite.load(path: Self.suite).scenarios.first { $0.relativePath == name })
        return Self.runner(fixture).run(scenario)
    }

    /// A runner that runs the fixture's Journal bundle in its own process.
    static func runner(_ fixture: JournalFixture) -> ScenarioRunner {
        var runner = ScenarioRunner(apps: [], workFolder: fixture.folder.appending("runs"), hostNanoseconds: { 0 })
        runner.appBundles = [fixture.bundle]
        return runner
    }

    /// `text` written as `name` in the fixture's folder, loaded.
    static func scenario(_ text: String, named name: String, in fixture: JournalFixture) throws -> Scenario {
        let yaml = fixture.folder.appending(name)
        try text.write(toFile: yaml, atomically: true, encoding: .utf8)
        return try #require(try ScenarioSuite.load(path: yaml).scenarios.first)
    }

    @Test(arguments: ["add-entry.yaml", "lifecycle.yaml", "list.yaml", "crash.yaml", "photo.yaml", "no-camera.yaml",
                      "camera-without-usage-key.yaml", "jetsam.yaml", "within-limit.yaml", "photo-picker.yaml",
                      "photo-picker-fails.yaml", "photo-picker-heic.yaml", "photo-library.yaml", "photo-library-limited.yaml",
                      "photo-library-no-usage-key.yaml", "photo-library-changes.yaml", "photo-library-save-denied.yaml",
                      "photo-library-save-no-usage-key.yaml", "photo-library-change-outside-block.yaml", "photo-library-tweet.yaml",
                      "photo-library-tweet-unavailable.yaml", "disk-faults.yaml", "fault-rate.yaml",
                      "kill-at-trace-event.yaml", "keyboard.yaml", "keys.yaml",
                      "conditions.yaml", "wait-until.yaml", "selectors.yaml", "waits.yaml", "scripts.yaml", "taps.yaml", "scrolling.yaml",
                      "links.yaml", "location.yaml", "location-denied.yaml", "location-no-usage-key.yaml", "crop.yaml",
                      "container.yaml", "leak.yaml", "links-refused.yaml"])
    func theJournalsScenariosPass(name: String) throws {
        let fixture = try JournalFixture()
        let result = try run(name, fixture: fixture)
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
        #expect(result.commands.allSatisfy { $0.status == .passed || $0.status == .warned })
    }

    @Test func theSameSeedGivesTheSameTrace() throws {
        let one = try run("list.yaml", fixture: try JournalFixture())
        let two = try run("list.yaml", fixture: try JournalFixture())
        #expect(one.traceDigest == two.traceDigest)
        #expect(one.traceLineCount > 20)
    }

    /// `--fault-rate` reaches the app's own file calls: one seed draws the same faults in every
    /// run (in another process too), another seed others, and the replay line keeps the rate.
    @Test func aRunsFaultRateReachesTheAppsFilesAsTheSeedDraws() throws {
        let fixture = try JournalFixture()
        let scenario = try Self.scenario("""
            appId: com.example.journal
            ---
            - launchApp
            - repeat:
                times: 8
                commands:
                  - tapOn: Add
            - assertTrace: "(rate 0.5)"
            """, named: "rate.yaml", in: fixture)
        let runner = Self.runner(fixture)
        let one = runner.run(scenario, options: RunOptions(seed: 1, faultRate: 0.5))
        let again = runner.run(scenario, options: RunOptions(seed: 1, faultRate: 0.5))
        let other = runner.run(scenario, options: RunOptions(seed: 2, faultRate: 0.5))
        let none = runner.run(scenario, options: RunOptions(seed: 1))
        #expect(one.passed, "\(one.failure.map { "\($0.location): \($0.message)" } ?? "")")
        #expect(one.traceDigest == again.traceDigest)
        #expect(other.traceDigest != one.traceDigest)
        #expect(one.replayCommand.contains("--fault-rate 0.5"))
        #expect(!none.passed, "without a rate no fault is drawn")
    }

    @Test func aKillAtATraceLineByNumberIsRefusedBeforeTheRunWithTheFormThatWorks() throws {
        let fixture = try JournalFixture()
        let scenario = try Self.scenario("appId: com.example.journal\n---\n- launchApp\n- killAtTraceEvent: {after: 12}\n", named: "after.yaml", in: fixture)
        let runner = Self.runner(fixture)
        let failure = try #require(runner.run(scenario).failure)
        #expect(failure.command == "setup")
        #expect(failure.message.contains("killAtTraceEvent {after: …} names a trace line by number"), "\(failure.message)")
        #expect(failure.message.contains("give the line's text: {contains: …}"), "\(failure.message)")
    }

    /// The editor's square lies within the photo: one that does not is the step's failure,
    /// naming the square and the photo's size.
    @Test func aCropOutsideThePhotoFailsNamingBoth() throws {
        let fixture = try JournalFixture()
        try FileManager.default.copyItem(atPath: Self.suite + "/media/picos.jpg", toPath: fixture.folder.appending("picos.jpg"))
        let scenario = try Self.scenario("appId: com.example.journal\nmedia: [picos.jpg]\n---\n- launchApp\n- tapOn: Edit\n"
            + "- pickPhoto: {index: 0, crop: {x: 100, y: 0, size: 100}}\n", named: "crop-outside.yaml", in: fixture)
        let failure = try #require(Self.runner(fixture).run(scenario).failure)
        #expect(failure.command.hasPrefix("pickPhoto"), "\(failure)")
        #expect(failure.message.contains("the crop 100x100 at (100, 0) does not fit the 160x120 photo"), "\(failure.message)")
    }

    @Test func aKeyMaestrosIOSDriverDoesNotPressIsAWarning() throws {
        let fixture = try JournalFixture()
        let result = try run("keys.yaml", fixture: fixture)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        let warned = result.commands.filter { $0.status == .warned }
        #expect(warned.map(\.location) == ["keys.yaml:20:3", "keys.yaml:21:3"], "\(result.commands)")
        #expect(warned.allSatisfy { $0.warning?.contains("Maestro's iOS driver presses only Enter, Backspace, Home and Lock") == true },
                "\(warned)")
    }

    /// A location setting changed in Settings while the app runs is told to its managers, as
    /// the user's answer to the prompt is (`locationManagerDidChangeAuthorization(_:)`).
    @Test func aLocationSettingChangedWhileTheAppRunsIsToldToItsManagers() throws {
        let fixture = try JournalFixture()
        let scenario = try Self.scenario("""
            appId: com.example.journal
            infoPlist: {set: {NSLocationWhenInUseUsageDescription: "Journal notes where you wrote."}}
            permissions: {location: never}
            ---
            - launchApp
            - tapOn: Where
            - assertVisible: Location status 2
            # The label is the delegate's: the manager was told.
            - setPermissions: {location: inuse}
            - assertVisible: Location status 4
            - setPermissions: {location: never}
            - assertVisible: Location status 2

            """, named: "settings.yaml", in: fixture)
        let result = Self.runner(fixture).run(scenario)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
    }

    @Test func aFailingAssertionNamesWhatIsOnScreen() throws {
        let fixture = try JournalFixture()
        let scenario = try Self.scenario("appId: com.example.journal\n---\n- launchApp\n- assertVisible: Nothing like this\n", named: "fails.yaml", in: fixture)
        let runner = Self.runner(fixture)
        let result = runner.run(scenario)
        let failure = try #require(result.failure)
        #expect(failure.message.contains("“Nothing like this” is not on screen; on screen: "), "\(failure.message)")
        #expect(failure.message.contains("label “0 entries” #count"), "\(failure.message)")
    }

    @Test func advanceClockFiresTheAppsTimersAndADeadlockFailsWithTheSeed() throws {
        let fixture = try JournalFixture()
        let scenario = try Self.scenario("""
            appId: com.example.journal
            ---
            - launchApp
            - tapOn: Work
            - assertVisible: half a second
            - advanceClock: 2s
            - assertNotVisible: five seconds
            - advanceClock: 3s
            - assertVisible: five seconds
            - tapOn: Deadlock
            - assertRunning

            """, named: "clock.yaml", in: fixture)
        let runner = Self.runner(fixture)
        let result = runner.run(scenario)
        let failure = try #require(result.failure)
        #expect(failure.location == "clock.yaml:11:3", "every step before assertRunning passed: \(failure)")
        // The deadlock ended the app, as a crash; the trace says why, with the app's seed.
        let crashed = failure.traceTail.first { $0.contains("crashed") }
        #expect(crashed?.contains("PhotoSim: deadlock: the main thread waits for a DispatchSemaphore") == true, "\(failure.traceTail)")
        #expect(crashed?.contains("the app's world seed ") == true, "\(failure.traceTail)")
    }

    @Test func aDeviceOrRuntimeThatDoesNotExistIsRefusedSayingWhereToLook() throws {
        let fixture = try JournalFixture()
        let runner = Self.runner(fixture)
        for (header, message) in [("device: iPhone 99", "no device type is called iPhone 99; see `simctl list devicetypes`"),
                                  ("runtime: iOS 3.0", "no runtime is called iOS 3.0; see `simctl list runtimes`")] {
            let result = runner.run(try Self.scenario("appId: com.example.journal\n\(header)\n---\n- launchApp\n", named: "device.yaml",
                                                      in: fixture))
            #expect(result.failure?.message == message, "\(String(describing: result.failure))")
        }
    }

    @Test func whatAnAppProcessCannotDoYetIsRefusedBeforeItRuns() throws {
        let fixture = try JournalFixture()
        let runner = Self.runner(fixture)
        let retainer = try Self.scenario("appId: com.example.journal\n---\n- launchApp\n- assertLeak: {type: DetailViewController, retainedBy: NotificationCenter}\n",
                                         named: "retainer.yaml", in: fixture)
        let result = runner.run(retainer)
        let failure = try #require(result.failure)
        #expect(failure.command == "setup")
        #expect(failure.message.contains("assertLeak's retainedBy (NotificationCenter): an app in its own process does not say what holds"),
                "\(failure.message)")
        #expect(result.commands.allSatisfy { $0.status == .skipped })
    }
}

/// `takeScreenshot` on an app process: the request names the screen and its elements, and when
/// the runner captures images (an HTML report) the PNG is the app's view hierarchy drawn at the
/// device's size, and the images the app wrote are in the report; the trace is the same either way.
@Suite struct ProcessScreenshotTests {
    static let yaml = """
        appId: com.example.journal
        media: [media/picos.jpg]
        ---
        - launchApp
        - takeScreenshot: first
        - tapOn: Photo
        - pickPhoto: 0
        - takeScreenshot: picked
        - pressKey: home
        - takeScreenshot: home
        """

    private func run(capturingImages: Bool, screenshotsFolder: String? = nil, fixture: JournalFixture? = nil) throws -> ScenarioResult {
        let fixture = try fixture ?? JournalFixture()
        let path = fixture.folder.appending("suite/screenshots.yaml")
        try FileManager.default.createDirectory(atPath: fixture.folder.appending("suite/media"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ProcessScenarioTests.suite + "/media/picos.jpg",
                                         toPath: fixture.folder.appending("suite/media/picos.jpg"))
        try Self.yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let scenario = try #require(try ScenarioSuite.load(path: path).scenarios.first)
        var runner = ProcessScenarioTests.runner(fixture)
        runner.capturesImages = capturingImages
        runner.screenshotsFolder = screenshotsFolder
        return runner.run(scenario)
    }

    /// Maestro's `takeScreenshot` file (Orchestra.kt: `<path>.png`): each picture written into
    /// the run's screenshots folder, without an HTML report, the trace as without them.
    @Test func takeScreenshotWritesPathPNGIntoTheScreenshotsFolder() throws {
        let fixture = try JournalFixture()
        let folder = fixture.folder.appending("shots")
        let result = try run(capturingImages: false, screenshotsFolder: folder, fixture: fixture)
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["first.png", "home.png", "picked.png"])
        let first = try ImageDecoder().decode(try Data(contentsOf: URL(fileURLWithPath: folder + "/first.png")))
        #expect(first.width == 1179 && first.height == 2556)
        #expect(result.images.isEmpty, "no report: the written images are not thumbnailed")
        #expect(result.traceDigest == (try run(capturingImages: false)).traceDigest)
    }

    @Test func screenshotsNameTheScreenAndDrawItWhenImagesAreCaptured() throws {
        let result = try run(capturingImages: true)
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
        #expect(result.screenshots.map(\.name) == ["first", "picked", "home"])
        #expect(result.screenshots.map(\.screen) == ["Journal", "Journal", "home screen"])
        #expect(result.screenshots[0].elements.contains("label “0 entries” #count"), "\(result.screenshots[0].elements)")
        let first = try ImageDecoder().decode(try #require(result.screenshots[0].png))
        #expect(first.width == 1179 && first.height == 2556)
        let picked = try #require(result.screenshots[1].png)
        #expect(picked != result.screenshots[0].png, "the picked photo is on screen")
        #expect(result.images.map(\.path).contains("Documents/Photo-1.jpg"), "\(result.images.map(\.path))")

        let plain = try run(capturingImages: false)
        #expect(plain.screenshots.allSatisfy { $0.png == nil })
        #expect(plain.screenshots.map(\.elements) == result.screenshots.map(\.elements))
        #expect(plain.traceDigest == result.traceDigest, "drawing changes nothing the trace sees")
    }
}
