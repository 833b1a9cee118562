import AppChannel
import AppRuntime
import Core
import DeviceStore
import Foundation
import PhotoSimTesting
import Rendering
import Scenarios
import Testing
import World

/// An app process's screen as `simctl io screenshot` draws it: UIKit answers a draw request
/// with the look of each view as the app set it and the images its image views show (upright,
/// no larger than needed); `simctl launch` runs an installed bundle's process in its container,
/// and the screenshot of the app in front starts it again and draws its view hierarchy.
@Suite struct ScreenDrawingTests {
    @Test func aDrawingCarriesTheViewsLooksAsTheAppSetThemAndTheSameTreeAsAStep() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        defer { fixture.end(app) }
        let drawing = try app.drawing()
        #expect(drawing.step.tree == app.latest.tree)
        #expect(drawing.tree == drawing.step.tree, "with no modal view the drawn tree is the step's")
        #expect(drawing.step.tree == (try app.send(.describe)).tree, "a draw request changes nothing in the app")
        let looks = Dictionary(uniqueKeysWithValues: drawing.looks.map { ($0.element, $0) })
        let count = try #require(drawing.tree.flattened.first { $0.identifier == "count" })
        #expect(looks[count.id]?.text == "0 entries")
        #expect(looks[count.id]?.textColor == [0, 0, 0, 1], "UILabel's textColor is .label")
        #expect(looks[count.id]?.fontSize == 17)
        let field = try #require(drawing.tree.flattened.first { $0.identifier == "entryField" })
        #expect(looks[field.id]?.text == "Entry", "an empty field shows its placeholder")
        #expect(looks[field.id]?.textColor?.last ?? 1 < 1, "in the placeholder's grey")
        // The root view's `.systemBackground`.
        #expect(drawing.looks.contains { $0.background == [1, 1, 1, 1] && $0.text == nil })
        #expect(drawing.images.isEmpty)
    }

    @Test func anAlertIsDrawnOnAPanelOverADimmedScreenWithItsElementsUnchanged() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        defer { fixture.end(app) }
        try app.send(.tap(element: try #require(app.latest.element(label: "Add")).id))
        try app.tap(label: "List")
        try app.send(.tap(element: try #require(app.latest.element(label: "Untitled")).id))
        let drawing = try app.drawing()
        #expect(drawing.step.labels.contains("Delete “Untitled”?"))
        #expect(drawing.step.labels.contains("This cannot be undone."))
        #expect(drawing.looks.contains { $0.background == [0, 0, 0, 0.4] }, "the dimmed screen behind the alert")
        #expect(drawing.looks.contains { $0.background == [1, 1, 1, 1] && $0.cornerRadius == 14 }, "the alert's panel")
        // The alert hides the list from the element tree, not from the picture.
        #expect(!drawing.step.labels.contains("Entries") && drawing.tree.flattened.contains { $0.label == "Entries" })
        // The step's element ids still tap what they name after a draw request.
        let cancel = try app.send(.tap(element: try #require(drawing.step.element(label: "Cancel")).id))
        #expect(!cancel.labels.contains("This cannot be undone."))
    }

    /// A 2400x1600 photo stored with EXIF orientation 6 (shown rotated a quarter turn).
    private static func rotatedPhoto() throws -> Data {
        var pixels = [UInt8](repeating: 0, count: 2400 * 1600 * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) { pixels[index] = 200 }
        let jpeg = try JPEGEncoder.encode(Bitmap(width: 2400, height: 1600, format: .rgb, pixels: pixels), quality: 80)
        return try EXIFOrientationSegment.inserting(.right, into: jpeg)
    }

    @Test func anImageIsSentUprightAtNoMoreThanTwiceItsViewsPixelsAndCostsTheAppNothing() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        defer { fixture.end(app) }
        try app.tap(label: "Photo")
        let picked = try app.send(.pickImage(data: try Self.rotatedPhoto(), fileName: "IMG_0001.JPG", number: 1))
        let drawing = try app.drawing()
        let photoView = try #require(drawing.tree.flattened.first { $0.identifier == "photo" })
        let shown = try #require(drawing.images.first { $0.element == photoView.id })
        #expect(shown.contentMode == "scaleAspectFit")
        let bitmap = try ImageDecoder().decode(shown.png)
        // The view is 160x120 points at 3x: at most 960 pixels on the longest side, upright.
        #expect(bitmap.width == 640 && bitmap.height == 960, "\(bitmap.width)x\(bitmap.height)")
        #expect(drawing.step.imageBytes == picked.imageBytes, "the drawing's copies are not the app's memory")
    }

    /// A booted iPhone 15 in a fresh set with the Journal installed from its bundle.
    private static func deviceWithJournal(in folder: TemporaryFolder) throws -> (DeviceSet, DeviceSelector, JournalFixture) {
        let fixture = try JournalFixture()
        let set = DeviceSet(path: folder.appending("Devices"), fileSystem: POSIXFileSystem(), clock: ManualClock(now: RuntimeDevice.epochDate),
                            random: SplitMix64(seed: 5))
        let device = DeviceSelector.udid(try set.create(name: "Phone", deviceType: "iPhone 15", runtime: nil).udid)
        try set.boot(device)
        _ = try set.install(device, bundlePath: fixture.bundle.path)
        return (set, device, fixture)
    }

    @Test func launchRunsTheInstalledExecutableInItsContainerWithItsArgumentsAndChildEnvironment() throws {
        let folder = try TemporaryFolder(prefix: "ScreenDrawingTests.")
        let (set, device, fixture) = try Self.deviceWithJournal(in: folder)
        let identifier = fixture.bundle.bundleIdentifier
        let installedBundle = try #require(try set.launchableApplication(device, bundleIdentifier: identifier))
        #expect(POSIXFileSystem().statusOfItemOrNil(installedBundle.bundle.path + "/Journal")?.isExecutable == true,
                "install keeps the executable runnable")
        let environment = DeviceSet.childEnvironment(of: ["SIMCTL_CHILD_JOURNAL_ECHO": "from the shell", "JOURNAL_ECHO": "not this",
                                                          "SIMCTL_CHILD_": "nameless", "HOME": "/root"])
        #expect(environment == ["JOURNAL_ECHO": "from the shell"])
        let launched = try set.launchApplication(device, bundleIdentifier: identifier, arguments: ["-Greeting", "hello"],
                                                 environment: environment)
        #expect(launched.pid == 1001)
        #expect(launched.console?.contains("echo from the shell; arguments -Greeting hello") == true, "\(launched.console ?? "")")
        #expect(try set.runningApplications(device).map(\.1) == [1001])
        let again = try set.launchApplication(device, bundleIdentifier: identifier)
        #expect(again.pid == 1001 && again.console == nil, "a running app is brought to the front, not started again")
    }

    @Test func anAppThatCrashesWhileLaunchingIsAFailedLaunchNamingTheCrashAndIsNotRunning() throws {
        let folder = try TemporaryFolder(prefix: "ScreenDrawingTests.")
        let (set, device, fixture) = try Self.deviceWithJournal(in: folder)
        let identifier = fixture.bundle.bundleIdentifier
        #expect {
            try set.launchApplication(device, bundleIdentifier: identifier, arguments: ["-CrashAtLaunch", "YES"])
        } throws: { error in
            guard case DeviceSetError.app(.launchFailed(let bundle, let reason)) = error else { return false }
            return bundle == identifier && reason.contains("asked to crash at launch")
        }
        #expect(try set.runningApplications(device).isEmpty)
    }

    @Test func theScreenshotOfALaunchedBundleIsItsViewHierarchyAndTheSameEveryTime() throws {
        let folder = try TemporaryFolder(prefix: "ScreenDrawingTests.")
        let (set, device, fixture) = try Self.deviceWithJournal(in: folder)
        let home = try set.screenshot(device, applications: [])
        _ = try set.launchApplication(device, bundleIdentifier: fixture.bundle.bundleIdentifier)
        let first = try set.screenshot(device, applications: [])
        let second = try set.screenshot(device, applications: [])
        #expect(first.pixelWidth == 1179 && first.pixelHeight == 2556)
        #expect(first.pngData == second.pngData, "the same device state draws the same bytes")
        #expect(first.pngData != home.pngData, "the app in front is drawn, not the home screen")
        // The root view's white fills the content under the bar; the bar is UIKit's grey.
        let bitmap = try ImageDecoder().decode(first.pngData)
        #expect(Array(bitmap.pixel(x: 600, y: 2000).prefix(3)) == [255, 255, 255])
        #expect(Array(bitmap.pixel(x: 600, y: 20).prefix(3)) == [249, 249, 249])
    }
}

extension POSIXFileSystem {
    fileprivate func statusOfItemOrNil(_ path: String) -> FileStatus? { (try? statusOfItem(at: path)) ?? nil }
}

/// `simctl run --device` with an app built against UIKit: the scenario runs the app as
/// installed on that device, in its data container, so what one run leaves the next one finds.
@Suite struct InstalledProcessScenarioTests {
    static let yaml = """
        appId: com.example.journal
        ---
        - launchApp
        - tapOn: Add
        - pressKey: home
        - assertFile: {path: Documents/saved.txt}
        """

    @Test func aScenarioOnADeviceRunsTheInstalledAppInTheDevicesContainerAndKeepsItsState() throws {
        let folder = try TemporaryFolder(prefix: "InstalledProcessScenarioTests.")
        let fixture = try JournalFixture()
        let set = DeviceSet(path: folder.appending("Devices"), fileSystem: POSIXFileSystem(), clock: ManualClock(now: RuntimeDevice.epochDate),
                            random: SplitMix64(seed: 5))
        let udid = try set.create(name: "Phone", deviceType: "iPhone 15", runtime: nil).udid
        try set.boot(.udid(udid))
        let path = folder.appending("add.yaml")
        try Self.yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let scenario = try #require(try ScenarioSuite.load(path: path).scenarios.first)
        var runner = ScenarioRunner(apps: [], workFolder: folder.appending("runs"), hostNanoseconds: { 0 })
        runner.appBundles = [fixture.bundle]
        let options = RunOptions(target: .installed(set: set, device: "Phone"))

        let notInstalled = runner.run(scenario, options: options)
        #expect(notInstalled.failure?.message.contains("com.example.journal given with --app is not installed on Phone") == true,
                "\(String(describing: notInstalled.failure))")

        _ = try set.install(.udid(udid), bundlePath: fixture.bundle.path)
        for _ in 0..<2 {
            let result = runner.run(scenario, options: options)
            #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
        }
        let container = try #require(try set.appContainer(.udid(udid), bundleIdentifier: fixture.bundle.bundleIdentifier, kind: .data).first)
        let documents = try FileManager.default.contentsOfDirectory(atPath: container + "/Documents").sorted()
        #expect(documents == ["Entry-1.txt", "Entry-2.txt", "saved.txt"], "the second run numbered on from the first")
    }
}

/// Inside an app process the wall clock and the random source are the world's: `Date()`,
/// `CFAbsoluteTimeGetCurrent()`, `UUID()`, `NSUUID()`, `Int.random(in:)` and glibc's
/// `arc4random_uniform` give the same values
/// for the same world in every process, and other values for another seed.
@Suite struct AppWorldTests {
    /// The Details screen's `world` label: the Date, a UUID, an Int.random, an NSUUID, an
    /// arc4random_uniform and the CFAbsoluteTime (as seconds since 1970).
    private func worldLabel(_ world: AppWorld?, fixture: JournalFixture) throws -> [String] {
        let device = LaunchedApp.Device(name: "iPhone 15", udid: "5A1E3C2B-0000-4000-8000-000000000001")
        let app = try LaunchedApp.launch(bundle: fixture.bundle, container: fixture.container, device: device, world: world)
        defer { app.kill() }
        let details = try app.tap(label: "Details")
        #expect(details.element(identifier: "waited")?.label == "waited",
                "a semaphore's and a condition's timed waits last what they ask, whatever the app's wall clock reads")
        return try #require(details.element(identifier: "world")?.label).split(separator: " ").map(String.init)
    }

    @Test func theSameWorldGivesTheSameClockAndRandomnessInEveryProcess() throws {
        let fixture = try JournalFixture()
        let world = AppWorld(realtimeNanoseconds: 1_700_000_000_250_000_000, randomSeed: 42)
        let first = try worldLabel(world, fixture: fixture)
        let second = try worldLabel(world, fixture: fixture)
        #expect(first == second)
        #expect(first.count == 6)
        // The launch took one second of the world's clock, and the tap opened Details.
        #expect(first.first == "1700000001.25", "Date() is the world's wall clock")
        #expect(first.last == "1700000001.25", "and so is CFAbsoluteTimeGetCurrent()")
        #expect(first[1] != first[3], "UUID() and NSUUID() draw on from the same stream")

        let other = try worldLabel(AppWorld(realtimeNanoseconds: 1_700_000_000_250_000_000, randomSeed: 43), fixture: fixture)
        #expect(other[0] == first[0])
        #expect(other[1] != first[1] && other[3] != first[3], "another seed, other identifiers")
        #expect(other[2] != first[2] || other[4] != first[4], "and other random numbers")
        let host = try worldLabel(nil, fixture: fixture)
        #expect(host[0] != first[0], "without a world the app reads the host's clock")
        #expect(host[1] != first[1])
        let hostAgain = try worldLabel(nil, fixture: fixture)
        #expect(hostAgain[4] != host[4] || hostAgain[2] != host[2], "the host's arc4random and Int.random differ from run to run")
    }
}
