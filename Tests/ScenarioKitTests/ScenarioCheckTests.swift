import Apps
import Core
import Foundation
import Scenarios
import ScenarioKit
import Simulator
import Testing

/// The checks a team's tests call: a scenario file's failure becomes the test's, and checks
/// around a block of host driving say what leaked or what a memory warning left behind.
@Suite("ScenarioCheck and AppHostCheck") struct ScenarioCheckTests {
    @Test func aPassingScenarioReturnsItsResult() throws {
        let folder = try KitFolder()
        let file = try folder.write("count.yaml", ScenarioMainTests.counting)
        let result = try ScenarioCheck(apps: [CounterApp.definition], workFolder: folder.work).run(file, seed: 3)
        #expect(result.passed && result.seed == 3 && result.commands.count == 4)
    }

    @Test func aFailingScenarioThrowsWhereWhatAndHowToReplay() throws {
        let folder = try KitFolder()
        let file = try folder.write("wrong.yaml", ScenarioMainTests.countingWrongly)
        let failure = try #require(throws: ScenarioCheckFailure.self) {
            try ScenarioCheck(apps: [CounterApp.definition], workFolder: folder.work).run(file)
        }
        #expect(failure.message.hasPrefix("wrong.yaml: wrong.yaml:7:3 assertVisible"))
        let seed = try #require(failure.result?.seed)
        // simctl does not know the team's Counter app, so the replay is this check's own call.
        #expect(failure.message.hasSuffix("seed \(seed); replay: run(\(String(reflecting: file)), seed: \(seed)) on this ScenarioCheck"))
        #expect(failure.result?.passed == false)
    }

    @Test func aFailureNamesTheTeamsRunnerWhenGivenOne() throws {
        let folder = try KitFolder()
        let file = try folder.write("wrong.yaml", ScenarioMainTests.countingWrongly)
        var check = ScenarioCheck(apps: [CounterApp.definition], workFolder: folder.work)
        check.replayProgram = "swift run counter-scenarios"
        let failure = try #require(throws: ScenarioCheckFailure.self) { try check.run(file, seed: 11) }
        #expect(failure.message.hasSuffix("seed 11; replay: swift run counter-scenarios --seed 11 \(file)"))
    }

    @Test func aFailureOfAReferenceAppReplaysWithSimctl() throws {
        let folder = try KitFolder()
        let file = try folder.write("wrong.yaml", """
            appId: com.photosim.MyLocations
            ---
            - launchApp
            - assertVisible: No Such Button
            """)
        var check = ScenarioCheck(apps: ReferenceApps.all, workFolder: folder.work)
        check.replayProgram = "simctl run"
        let failure = try #require(throws: ScenarioCheckFailure.self) { try check.run(file, seed: 5) }
        #expect(failure.message.hasSuffix("seed 5; replay: simctl run --seed 5 \(file)"), "\(failure.message)")
    }

    @Test func anInvalidScenarioThrowsItsProblems() throws {
        let folder = try KitFolder()
        let file = try folder.write("bad.yaml", "appId: com.example.Counter\n---\n- tapOnn: Count\n")
        let failure = try #require(throws: ScenarioCheckFailure.self) {
            try ScenarioCheck(apps: [CounterApp.definition], workFolder: folder.work).run(file)
        }
        #expect(failure.message.contains("could not be loaded") && failure.message.contains("bad.yaml:3:3"))
        #expect(failure.result == nil)
    }

    @Test func aRepositoryScenarioRunsWithTheReferenceApps() throws {
        let folder = try KitFolder()
        let check = ScenarioCheck(apps: ReferenceApps.all, workFolder: folder.work)
        let result = try check.run(KitFolder.repositoryScenarios + "/lootlogger/memory-warning-flushes-cache.yaml",
                                   suiteRoot: KitFolder.repositoryScenarios)
        #expect(result.relativePath == "lootlogger/memory-warning-flushes-cache.yaml")
    }

    @Test func aFileInASuiteFindsItsRootByTheSuitesConfig() throws {
        let folder = try KitFolder()
        let check = ScenarioCheck(apps: ReferenceApps.all, workFolder: folder.work)
        let result = try check.run(KitFolder.repositoryScenarios + "/lootlogger/memory-warning-flushes-cache.yaml")
        #expect(result.relativePath == "lootlogger/memory-warning-flushes-cache.yaml")
    }

    @Test func aFileReachingAboveItsFolderWithoutAConfigIsRefused() throws {
        let folder = try KitFolder()
        try folder.write("media/picos.jpg", "jpeg")
        let file = try folder.write("flows/pick.yaml", "appId: com.example.Counter\nmedia: [../media/picos.jpg]\n---\n- launchApp\n")
        let check = ScenarioCheck(apps: [CounterApp.definition], workFolder: folder.work)
        let failure = try #require(throws: ScenarioCheckFailure.self) { try check.run(file) }
        #expect(failure.message.contains("could not be loaded") && failure.message.contains("../media/picos.jpg"))
        #expect(failure.message.contains("no config.yaml in it or above it"))
    }

    @Test func noLeaksPassesAroundCleanDriving() throws {
        let folder = try KitFolder()
        let host = try Self.counterHost(folder)
        try host.launch()
        let count = try AppHostCheck.noLeaks(host) {
            try host.tap("Details")
            try host.back()
            return 1
        }
        #expect(count == 1)
    }

    @Test func noLeaksNamesTheLeakAndItsObserver() throws {
        let folder = try KitFolder()
        let host = try Self.counterHost(folder)
        try host.launch(arguments: ["leaky": "true"])
        let failure = try #require(throws: ScenarioCheckFailure.self) {
            try AppHostCheck.noLeaks(host) {
                try host.tap("Details")
                try host.back()
            }
        }
        #expect(failure.message.hasPrefix("1 leak after the block:\n- CounterDetailsScreen"))
        #expect(failure.message.contains("UIApplicationDidEnterBackgroundNotification"))
    }

    @Test func aMemoryWarningThatEmptiesTheCachePasses() throws {
        let folder = try KitFolder()
        let host = try Self.lootLoggerHost(folder)
        try AppHostCheck.survivesMemoryWarning(host) {
            try host.launch()
            try Self.pickAPhotoAndGoBack(host)
        }
        #expect(host.state == .active)
    }

    @Test func aCacheKeptThroughTheWarningFailsSayingHowMuch() throws {
        let folder = try KitFolder()
        let host = try Self.lootLoggerHost(folder)
        let failure = try #require(throws: ScenarioCheckFailure.self) {
            try AppHostCheck.survivesMemoryWarning(host) {
                try host.launch(arguments: ["flushOnMemoryWarning": "false"])
                try Self.pickAPhotoAndGoBack(host)
            }
        }
        // picos.jpg decoded: 160x120 RGB.
        #expect(failure.message.contains("still holds 57600 bytes of decoded images off screen"))
    }

    @Test func anAppThatIsNotRunningFailsTheMemoryCheck() throws {
        let folder = try KitFolder()
        let host = try Self.counterHost(folder)
        let failure = try #require(throws: ScenarioCheckFailure.self) {
            try AppHostCheck.survivesMemoryWarning(host) {}
        }
        #expect(failure.message == "the app is not running before the memory warning; the block must leave it running")
    }

    static func counterHost(_ folder: KitFolder) throws -> AppHost {
        let world = World(seed: 1)
        let device = try RuntimeDevice.temporary(deviceType: "iPhone 15", folder: folder.work + "/device",
                                                 definition: CounterApp.definition, world: world)
        return AppHost(definition: CounterApp.definition, device: device, world: world)
    }

    static func lootLoggerHost(_ folder: KitFolder) throws -> AppHost {
        let world = World(seed: 1)
        let device = try RuntimeDevice.temporary(deviceType: "iPhone 15", folder: folder.work + "/device",
                                                 definition: LootLogger.definition, world: world)
        _ = try device.mediaLibrary.add([MediaSource(filePath: KitFolder.repositoryScenarios + "/media/picos.jpg")])
        return AppHost(definition: LootLogger.definition, device: device, world: world)
    }

    /// As `lootlogger/memory-warning-flushes-cache.yaml`: a new item's photo from the library,
    /// then back to the list, so the photo is cached but not on screen.
    static func pickAPhotoAndGoBack(_ host: AppHost) throws {
        try host.tap("Add")
        try host.tap("Item 1")
        try host.tap("Camera")
        try host.tap("Photo Library")
        try host.pickPhoto(index: 0)
        try host.back()
    }
}
