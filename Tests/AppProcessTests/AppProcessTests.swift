import AppChannel
import AppRuntime
import Core
import DeviceStore
import Foundation
import Testing

/// A plain UIKit app (Tests/Apps/Journal) in its own process: UIKit's callbacks in iOS's order,
/// its files and defaults in its container, and what only a separate process gives.
@Suite struct AppProcessTests {
    @Test func launchingCallsTheDelegateThenTheControllersInIOSsOrder() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        #expect(app.latest.applicationState == "active")
        #expect(app.latest.events == [
            "application(_:willFinishLaunchingWithOptions:)",
            "application(_:didFinishLaunchingWithOptions:)",
            "viewDidLoad() EntriesViewController",
            "viewDidLoad() UINavigationController",
            "post UIApplicationDidFinishLaunchingNotification",
            "viewWillAppear(_:) UINavigationController",
            "viewWillAppear(_:) EntriesViewController",
            "applicationDidBecomeActive(_:)",
            "post UIApplicationDidBecomeActiveNotification",
            "viewDidAppear(_:) UINavigationController",
            "viewDidAppear(_:) EntriesViewController",
        ])
        let step = app.latest
        #expect(step.element(identifier: "count")?.label == "0 entries")
        #expect(step.element(label: "Journal")?.kind == "label")
        #expect(step.element(label: "Add")?.kind == "button", "the system item .add reads as “Add”")
        #expect(step.element(identifier: "entryField")?.placeholder == "Entry")
        #expect(step.element(identifier: "count")?.frame == [20, 120, 300, 30])
        #expect(app.kill() == .signalled(SIGKILL))
        fixture.end(app)
    }

    @Test func filesAndDefaultsLandInTheContainer() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        try app.send(.tap(element: try #require(app.latest.element(identifier: "entryField")).id))
        #expect(app.latest.element(identifier: "entryField")?.isFocused == true)
        try app.send(.inputText("Beach"))
        #expect(app.latest.element(identifier: "entryField")?.value == "Beach")
        try app.tap(label: "Add")
        #expect(app.latest.element(identifier: "count")?.label == "1 entry")
        #expect(fixture.file("Documents/Entry-1.txt") == "Beach")
        #expect(fixture.defaults?["EntryCount"] as? Int == 1, "UserDefaults is written at the settled step")

        try app.tap(label: "Details")
        let documents = fixture.container + "/Documents"
        #expect(app.latest.labels.contains("Saved in \(documents)"), "FileManager's Documents is the container's")
        fixture.end(app)
    }

    /// The process counts its calls that can change its container (CAppWorld), so a checkup
    /// can tell an untouched container without reading file times: a step that only shows
    /// something leaves the count as it was, one that saves moves it on.
    @Test func eachStepSaysHowManyChangesTheContainerHasSeen() throws {
        let fixture = try JournalFixture()
        #expect(try fixture.launch().latest.containerChanges == nil, "outside the world nothing is counted")
        let app = try LaunchedApp.launch(bundle: fixture.bundle, container: fixture.container,
                                         device: LaunchedApp.Device(name: "iPhone 15", udid: "5A1E3C2B-0000-4000-8000-000000000001"),
                                         world: AppWorld(realtimeNanoseconds: 1_700_000_000_000_000_000, randomSeed: 1))
        defer { app.kill() }
        let launched = try #require(app.latest.containerChanges)
        try app.tap(label: "About")
        try app.tap(label: "Close")
        #expect(app.latest.containerChanges == launched, "a presentation and its dismissal write nothing")
        try app.tap(label: "Add")
        #expect(fixture.file("Documents/Entry-1.txt") != nil)
        let added = try #require(app.latest.containerChanges)
        #expect(added > launched, "the entry's file and the defaults were written")
        try app.tap(label: "About")
        #expect(app.latest.containerChanges == added)
    }

    @Test func aPushAndAPopCallTheAppearanceMethodsInOrder() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        try app.tap(label: "Details")
        #expect(app.latest.events == [
            "pushViewController(_:animated:) DetailViewController",
            "viewDidLoad() DetailViewController",
            "viewWillDisappear(_:) EntriesViewController",
            "viewWillAppear(_:) DetailViewController",
            "viewDidDisappear(_:) EntriesViewController",
            "viewDidAppear(_:) DetailViewController",
        ])
        #expect(app.latest.element(label: "Details")?.kind == "label")
        // The back button is titled with the controller below.
        try app.tap(label: "Journal")
        #expect(app.latest.events == [
            "popViewController(animated:) DetailViewController",
            "viewWillDisappear(_:) DetailViewController",
            "viewWillAppear(_:) EntriesViewController",
            "viewDidDisappear(_:) DetailViewController",
            "viewDidAppear(_:) EntriesViewController",
        ])
        #expect(app.latest.leaks.isEmpty, "the popped controller is gone: \(app.latest.leaks)")
        #expect(!app.latest.labels.contains { $0.hasPrefix("Saved in ") }, "its view left the window with it")
        let elements = app.latest.tree.flattened.count
        for _ in 0..<5 {
            try app.tap(label: "Details")
            try app.tap(label: "Journal")
        }
        #expect(app.latest.tree.flattened.count == elements, "pushes and pops leave the same tree")
        fixture.end(app)
    }

    @Test func aPresentedSheetLeavesThePresenterOnScreenAndItsCompletionRuns() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        try app.tap(label: "About")
        #expect(app.latest.presented == ["AboutViewController"])
        #expect(app.latest.events == [
            "present(_:animated:completion:) AboutViewController",
            "viewDidLoad() AboutViewController",
            "viewWillAppear(_:) AboutViewController",
            "viewDidAppear(_:) AboutViewController",
        ], "a sheet (.automatic) does not make its presenter disappear")
        #expect(app.latest.labels.contains("About the journal"))
        try app.tap(label: "Close")
        #expect(app.latest.presented.isEmpty)
        #expect(!app.latest.labels.contains("About the journal"))
        fixture.end(app)
    }

    @Test func theHomeButtonAndBackPostTheLifecycleInOrder() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        try app.tap(label: "Add")
        try app.send(.enterBackground)
        #expect(app.latest.applicationState == "background")
        #expect(app.latest.events == [
            "applicationWillResignActive(_:)", "post UIApplicationWillResignActiveNotification",
            "applicationDidEnterBackground(_:)", "post UIApplicationDidEnterBackgroundNotification",
        ])
        #expect(fixture.file("Documents/saved.txt") == "Untitled", "the delegate saved on entering the background")
        #expect(throws: LaunchedApp.LaunchError.refused(bundleIdentifier: "com.example.journal", reason: "the app is not in the foreground")) {
            try app.tap(label: "Add")
        }
        try app.send(.enterForeground)
        #expect(app.latest.applicationState == "active")
        #expect(app.latest.events == [
            "applicationWillEnterForeground(_:)", "post UIApplicationWillEnterForegroundNotification",
            "applicationDidBecomeActive(_:)", "post UIApplicationDidBecomeActiveNotification",
        ])
        #expect(try app.terminate() == .exited(0))
        fixture.end(app)
    }

    /// A link (`simctl openurl`): a launch for it hands it over in the launch options and to
    /// `application(_:open:options:)` before the app becomes active; in the background the app
    /// enters the foreground, opens it, then becomes active (UIApplication's documentation).
    @Test func aLinkLaunchesTheAppForItOrBringsItBackAndTheDelegateOpensIt() throws {
        let fixture = try JournalFixture()
        var screen = LaunchRequest(screenWidth: 393, screenHeight: 852, screenScale: 3, idiom: "phone")
        screen.url = "journal://add?text=Beach"
        let app = try fixture.launch(screen: screen, deviceName: "iPhone 15")
        let launch = app.latest.events
        let opened = try #require(launch.firstIndex(of: "application(_:open:options:) journal://add?text=Beach → true"))
        #expect(try #require(launch.firstIndex(of: "post UIApplicationDidFinishLaunchingNotification")) < opened)
        #expect(opened < (try #require(launch.firstIndex(of: "applicationDidBecomeActive(_:)"))))
        #expect(app.latest.element(identifier: "count")?.label == "1 entry")
        #expect(fixture.defaults?["LaunchLink"] as? String == "journal://add?text=Beach", "the launch options carry the link as .url")
        try app.send(.enterBackground)
        try app.send(.openURL("journal://add?text=Dune"))
        #expect(app.latest.applicationState == "active")
        #expect(app.latest.events == [
            "applicationWillEnterForeground(_:)", "post UIApplicationWillEnterForegroundNotification",
            "application(_:open:options:) journal://add?text=Dune → true",
            "applicationDidBecomeActive(_:)", "post UIApplicationDidBecomeActiveNotification",
        ])
        try app.send(.openURL("journal://settings"))
        #expect(app.latest.events == ["application(_:open:options:) journal://settings → false"], "in the foreground: at once")
        #expect(app.latest.element(identifier: "count")?.label == "2 entries")
        fixture.end(app)
    }

    @Test func aMemoryWarningReachesTheDelegateTheObserversThenTheControllers() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        try app.send(.memoryWarning)
        #expect(app.latest.events == [
            "memory warning (simulated)",
            "applicationDidReceiveMemoryWarning(_:)",
            "post UIApplicationDidReceiveMemoryWarningNotification",
            "didReceiveMemoryWarning() UINavigationController",
            "didReceiveMemoryWarning() EntriesViewController",
        ])
        #expect(app.latest.element(identifier: "warnings")?.label == "Memory warnings: 1")
        fixture.end(app)
    }

    /// What only a separate process gives: a killed app's observers and statics are gone with
    /// it, and only what it wrote to its container survives.
    @Test func aRelaunchLeavesNothingOfTheOldProcess() throws {
        let fixture = try JournalFixture()
        let first = try fixture.launch()
        try first.tap(label: "Add")
        try first.send(.memoryWarning)
        #expect(first.latest.element(identifier: "warnings")?.label == "Memory warnings: 1")
        #expect(first.kill() == .signalled(SIGKILL))

        let second = try fixture.launch()
        #expect(second.pid != first.pid)
        #expect(second.latest.element(identifier: "count")?.label == "0 entries", "the in-memory journal died with its process")
        try second.send(.memoryWarning)
        #expect(second.latest.element(identifier: "warnings")?.label == "Memory warnings: 1",
                "one observer: the old process's observer is gone")
        try second.tap(label: "Add")
        #expect(fixture.file("Documents/Entry-2.txt") == "Untitled", "the count in UserDefaults survived the kill")
        fixture.end(second)
    }

    @Test func twoAppsShareNeitherNotificationsNorDefaults() throws {
        let one = try JournalFixture(bundleIdentifier: "com.example.journal.one")
        let two = try JournalFixture(bundleIdentifier: "com.example.journal.two")
        let appOne = try one.launch()
        let appTwo = try two.launch()
        try appOne.send(.memoryWarning)
        try appOne.tap(label: "Add")
        let seenByTwo = try appTwo.send(.describe)
        #expect(seenByTwo.element(identifier: "warnings")?.label == "Memory warnings: 0")
        #expect(seenByTwo.element(identifier: "count")?.label == "0 entries")
        #expect(one.defaults?["EntryCount"] as? Int == 1)
        #expect(two.defaults == nil)
        one.end(appOne)
        two.end(appTwo)
    }

    @Test func theMainQueueRunsUntilIdleWithinTheStep() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        try app.tap(label: "Later")
        #expect(app.latest.element(identifier: "count")?.label == "1 entry",
                "a block that enqueues an operation and another block: all ran before the answer")
        #expect(app.latest.mainQueueRounds >= 2)
        fixture.end(app)
    }

    @Test func aCrashIsTheAppsWithItsReason() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        let error = #expect(throws: LaunchedApp.LaunchError.self) { try app.tap(label: "Crash") }
        guard case .ended(let identifier, let ending, let console)? = error else {
            Issue.record("the tap should have ended the app, not \(String(describing: error))")
            return
        }
        #expect(identifier == "com.example.journal")
        #expect(ending == .signalled(SIGILL) || ending == .signalled(SIGTRAP), "\(ending)")
        #expect(console.contains("the journal crashed on purpose"), "\(console)")
        #expect(throws: LaunchedApp.LaunchError.self) { try app.send(.describe) }
        fixture.end(app)
    }

    @Test func aTapOnAnElementThatIsNotThereIsRefused() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        #expect(throws: LaunchedApp.LaunchError.refused(bundleIdentifier: "com.example.journal",
                                                        reason: "the last element tree has no element 9999")) {
            try app.send(.tap(element: 9999))
        }
        #expect(throws: LaunchedApp.LaunchError.refused(bundleIdentifier: "com.example.journal",
                                                        reason: "no text field or text view has the keyboard")) {
            try app.send(.inputText("x"))
        }
        #expect(app.latest.applicationState == "active", "a refused step changes nothing")
        fixture.end(app)
    }

    @Test func theAppRunAloneSaysWhereItRuns() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: JournalFixture.executablePath)
        process.environment = ["PATH": "/usr/bin:/bin"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(text.contains("is an iOS app built with PhotoSim's UIKit"), "\(text)")
    }

    @Test func theFootprintIsTheProcesssOwn() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        let before = try #require(app.peakFootprintBytes)
        let resident = try #require(app.residentBytes)
        #expect(before > 0 && before < resident, "the footprint leaves out the mapped files: \(before) of \(resident)")
        try app.tap(label: "Hog")
        let after = try #require(app.peakFootprintBytes)
        #expect(after - before >= 64 << 20, "64 MB written: \(before) -> \(after)")
        fixture.end(app)
        #expect(app.peakFootprintBytes == nil, "nothing once it ended")
    }

    @Test func overItsLimitTheAppIsEndedAsJetsamEndsIt() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        app.memoryLimitBytes = (try #require(app.peakFootprintBytes)) + (32 << 20)
        let error = #expect(throws: LaunchedApp.LaunchError.self) { try app.tap(label: "Hog") }
        guard case .ended(_, let ending, let reason)? = error else {
            Issue.record("the app should have been ended: \(String(describing: error))")
            return
        }
        #expect(ending == .signalled(SIGKILL))
        #expect(reason.hasPrefix("jetsam per-process-limit: a footprint of "), "\(reason)")
        #expect(app.endedByJetsam)
        fixture.end(app)
    }

    /// A main thread that never comes back is a failure within the bound, not a hang; the
    /// process is still there to be killed.
    @Test func anAppThatStopsAnsweringFailsWithinTheBound() throws {
        let fixture = try JournalFixture()
        let app = try LaunchedApp.launch(bundle: fixture.bundle, container: fixture.container,
                                         device: LaunchedApp.Device(name: "iPhone 15", udid: "U"), answerBound: 1)
        #expect(throws: LaunchedApp.LaunchError.noAnswer(bundleIdentifier: "com.example.journal", seconds: 1)) {
            try app.tap(label: "Spin")
        }
        #expect(app.kill() == .signalled(SIGKILL), "ended at the bound, as iOS's watchdog ends it")
        #expect(throws: LaunchedApp.LaunchError.self, "no later step reads what the hung app sent late") {
            try app.send(.describe)
        }
        fixture.end(app)
    }

    /// A main queue that never empties ends the app with the reason, at UIKit's bound.
    @Test func aMainQueueThatNeverEmptiesEndsTheAppWithTheReason() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        let error = #expect(throws: LaunchedApp.LaunchError.self) { try app.tap(label: "Flood") }
        guard case .ended(_, let ending, let reason)? = error else {
            Issue.record("the app should have ended: \(String(describing: error))")
            return
        }
        #expect(ending == .exited(70))
        #expect(reason.contains("the main queue was still busy after 100000 rounds in one step"), "\(reason)")
        fixture.end(app)
    }

    /// A bundle whose CFBundleExecutable climbs out of it, or is a link out of it, runs nothing.
    @Test(arguments: ["../../../../bin/true", "link"])
    func anExecutableOutsideTheBundleIsRefused(name: String) throws {
        let fixture = try JournalFixture()
        let app = fixture.folder.appending("Hostile.app")
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: app + "/link", withDestinationPath: "/bin/true")
        let plist: [String: Any] = ["CFBundleIdentifier": "com.example.hostile", "CFBundleExecutable": name]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: URL(fileURLWithPath: app + "/Info.plist"))
        let bundle = try AppBundle.read(at: app, fileSystem: POSIXFileSystem())
        #expect(throws: LaunchedApp.LaunchError.executableOutsideBundle(bundlePath: bundle.path, name: name)) {
            _ = try LaunchedApp.launch(bundle: bundle, container: fixture.container, device: .init(name: "iPhone 15", udid: "U"))
        }
    }

    @Test func theEnvironmentIsTheSimulators() throws {
        let fixture = try JournalFixture()
        let environment = LaunchedApp.environment(container: fixture.container,
                                                  device: .init(name: "iPhone 15", udid: "U"), bundle: fixture.bundle)
        #expect(environment["HOME"] == fixture.container)
        #expect(environment["CFFIXED_USER_HOME"] == fixture.container)
        #expect(environment["TMPDIR"] == fixture.container + "/tmp/")
        #expect(environment["XDG_CONFIG_HOME"] == fixture.container + "/Library/Preferences")
        #expect(environment["SIMULATOR_DEVICE_NAME"] == "iPhone 15")
        #expect(environment["SIMULATOR_UDID"] == "U")
        #expect(environment["SIMULATOR_RUNTIME_VERSION"] == "17.0")
    }
}
