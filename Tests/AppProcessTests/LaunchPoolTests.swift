import AppChannel
@testable import AppRuntime
import Core
import DeviceStore
import Foundation
import PhotoSimTesting
import Testing

/// Launches from a loaded image (``LaunchPool``, UIKit's app_zygote.c): the app that starts is
/// the one a spawn starts, in its own environment, as the simulator's own child.
@Suite struct LaunchPoolTests {
    @Test func anAppFromTheImageHasItsContainerItsDefaultsAndItsOwnProcess() throws {
        let pool = LaunchPool()
        let fixture = try JournalFixture()
        fixture.pool = pool
        let first = try fixture.launch()
        #expect(pool.loadedImageCount == 1)
        #expect(first.latest.events.first == "application(_:willFinishLaunchingWithOptions:)")
        try first.tap(label: "Add")
        #expect(fixture.file("Documents/Entry-1.txt") == "Untitled", "FileManager's Documents is the launch's container")
        #expect(fixture.defaults?["EntryCount"] as? Int == 1,
                "UserDefaults.standard is the container's: Foundation read the launch's XDG_CONFIG_HOME, not the image's")
        try first.tap(label: "Details")
        #expect(first.latest.labels.contains("Saved in \(fixture.container)/Documents"))
        try first.send(.memoryWarning)
        #expect(first.kill() == .signalled(SIGKILL), "the simulator waits for the copy as for a child it spawned")

        let second = try fixture.launch()
        #expect(second.pid != first.pid)
        #expect(pool.loadedImageCount == 1, "one image serves every launch of the executable")
        #expect(second.latest.element(identifier: "warnings")?.label == "Memory warnings: 0",
                "nothing of the first copy is in the second")
        #expect(second.latest.element(identifier: "count")?.label == "0 entries")
        try second.tap(label: "Add")
        #expect(fixture.file("Documents/Entry-2.txt") == "Untitled", "the count the first copy saved is read back")
        fixture.end(second)
    }

    @Test func twoAppsFromOneImageShareNeitherDefaultsNorFiles() throws {
        let pool = LaunchPool()
        let one = try JournalFixture(bundleIdentifier: "com.example.journal.one")
        let two = try JournalFixture(bundleIdentifier: "com.example.journal.two")
        one.pool = pool
        two.pool = pool
        let appOne = try one.launch()
        let appTwo = try two.launch()
        try appOne.tap(label: "Add")
        #expect(try appTwo.send(.describe).element(identifier: "count")?.label == "0 entries")
        #expect(one.defaults?["EntryCount"] as? Int == 1)
        #expect(two.defaults == nil)
        #expect(two.file("Documents/Entry-1.txt") == nil)
        one.end(appOne)
        two.end(appTwo)
    }

    @Test func aCrashFromTheImageIsTheAppsWithItsReason() throws {
        let pool = LaunchPool()
        let fixture = try JournalFixture()
        fixture.pool = pool
        let app = try fixture.launch()
        let error = #expect(throws: LaunchedApp.LaunchError.self) { try app.tap(label: "Crash") }
        guard case .ended(_, let ending, let console)? = error else {
            Issue.record("the tap should have ended the app, not \(String(describing: error))")
            return
        }
        #expect(ending == .signalled(SIGILL) || ending == .signalled(SIGTRAP), "\(ending)")
        #expect(console.contains("the journal crashed on purpose"), "the copy's output is its console: \(console)")
        #expect(try fixture.launch().latest.applicationState == "active", "the image outlives the crash of a copy")
    }

    @Test func aRebuiltExecutableGetsANewImage() throws {
        let pool = LaunchPool()
        let fixture = try JournalFixture()
        fixture.pool = pool
        fixture.end(try fixture.launch())
        let executable = fixture.bundle.path + "/" + (fixture.bundle.executableName ?? "")
        let before = try #require(FileIdentity(path: executable))
        // A build writes a new file in the old one's place.
        let rebuilt = executable + ".new"
        try FileManager.default.copyItem(atPath: executable, toPath: rebuilt)
        #expect(rename(rebuilt, executable) == 0)
        #expect(FileIdentity(path: executable) != before)
        let app = try fixture.launch()
        #expect(app.latest.applicationState == "active")
        #expect(pool.loadedImageCount == 1, "the old image ended")
        fixture.end(app)
    }

    @Test func anExecutableThatIsNoImageIsSpawnedAndAClosedPoolSpawnsEveryLaunch() throws {
        let folder = try TemporaryFolder(prefix: "LaunchPoolTests.")
        let script = folder.appending("plain")
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: URL(fileURLWithPath: script))
        #expect(chmod(script, 0o755) == 0)
        let pool = LaunchPool(answerBound: 5)
        var ends: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(pool.start(executable: script, environment: ["A=b"], channel: ends[1], console: ends[1]) == .notStarted,
                "a process that gives no ready answer is no image")
        #expect(pool.loadedImageCount == 0)

        let fixture = try JournalFixture()
        fixture.pool = pool
        pool.close()
        let app = try fixture.launch()
        #expect(app.latest.applicationState == "active", "spawned")
        #expect(pool.loadedImageCount == 0)
        fixture.end(app)
    }

    @Test func aCopyHasNoneOfTheSimulatorsOtherDescriptors() throws {
        let pool = LaunchPool()
        let fixture = try JournalFixture()
        fixture.pool = pool
        // A descriptor the simulator left open without close-on-exec as the image was spawned.
        let stray = fixture.folder.appending("stray.txt")
        let descriptor = open(stray, O_WRONLY | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        let app = try fixture.launch()
        close(descriptor)
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(app.pid)/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(app.pid)/fd/\($0)")
        }
        #expect(!open.contains { $0.hasSuffix("stray.txt") }, "\(open)")
        #expect(open.contains { $0.hasSuffix(".console.log") }, "its console is its own: \(open)")
        fixture.end(app)
    }

    @Test func aRequestTooLargeForTheImageIsRefusedAndTheImageStays() throws {
        let pool = LaunchPool()
        let fixture = try JournalFixture()
        fixture.pool = pool
        fixture.end(try fixture.launch())
        var ends: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        let executable = fixture.bundle.path + "/" + (fixture.bundle.executableName ?? "")
        let many = (0..<(LaunchPool.environmentCapacity + 1)).map { "NAME\($0)=value" }
        #expect(pool.start(executable: executable, environment: many, channel: ends[1], console: ends[1]) == .notStarted)
        #expect(pool.start(executable: executable, environment: [], channel: ends[1], console: ends[1]) == .notStarted)
        #expect(pool.loadedImageCount == 1)
        let app = try fixture.launch()
        #expect(app.latest.applicationState == "active", "the image still serves")
        fixture.end(app)
    }

    @Test func theImageOfAnExecutableThatIsGoneEnds() throws {
        let pool = LaunchPool()
        let gone = try JournalFixture()
        gone.pool = pool
        gone.end(try gone.launch())
        #expect(unlink(gone.bundle.path + "/" + (gone.bundle.executableName ?? "")) == 0)
        let other = try JournalFixture()
        other.pool = pool
        let app = try other.launch()
        #expect(pool.loadedImageCount == 1, "the gone executable's image ended as the next was loaded")
        other.end(app)
    }
}
