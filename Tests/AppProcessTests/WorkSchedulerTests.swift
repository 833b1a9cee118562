import AppChannel
import AppRuntime
import Foundation
import Testing

/// Inside an app process libdispatch's work runs on the world's scheduler (docs/determinism.md):
/// the Journal's Work screen runs six blocks on a concurrent queue that log through a serial
/// queue, saves the log behind a barrier under a name from `Date()` with a `UUID()` in it, and
/// tells the main queue through a group.
@Suite struct WorkSchedulerTests {
    private static let device = LaunchedApp.Device(name: "iPhone 15", udid: "5A1E3C2B-0000-4000-8000-000000000002")

    private struct Run: Equatable {
        var order: String?
        var saved: String?
        var files: [String: Data]
    }

    private func launch(_ fixture: JournalFixture, seed: UInt64) throws -> LaunchedApp {
        try LaunchedApp.launch(bundle: fixture.bundle, container: fixture.container, device: Self.device,
                               world: AppWorld(realtimeNanoseconds: 1_700_000_000_000_000_000, randomSeed: seed))
    }

    /// One run of the Work screen on a fresh container: what it showed and what it wrote.
    private func work(seed: UInt64) throws -> Run {
        let fixture = try JournalFixture()
        let app = try launch(fixture, seed: seed)
        defer { app.kill() }
        let step = try app.tap(label: "Work")
        let documents = fixture.container + "/Documents"
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: documents) where name.hasPrefix("Work-") {
            files[name] = FileManager.default.contents(atPath: documents + "/" + name)
        }
        return Run(order: step.element(identifier: "order")?.label, saved: step.element(identifier: "saved")?.label,
                   files: files)
    }

    @Test func oneSeedGivesTheSameOrderTheSameNamesAndTheSameBytesInEveryProcess() throws {
        let first = try work(seed: 7)
        let second = try work(seed: 7)
        #expect(first == second)
        let order = try #require(first.order).split(separator: " ").compactMap { Int($0) }
        #expect(order.sorted() == Array(0..<6), "every block ran once before the group's notification: \(order)")
        let saved = try #require(first.saved)
        #expect(first.files.keys.sorted() == [saved], "the barrier ran after the six and saved once")
        let text = String(decoding: try #require(first.files[saved]), as: UTF8.self)
        #expect(text.hasPrefix(first.order! + " "), "the barrier saw all six: \(text)")
    }

    @Test func otherSeedsInterleaveTheConcurrentQueueDifferently() throws {
        let orders = Set(try (1...6).map { try work(seed: $0).order })
        #expect(orders.count > 1, "six seeds gave one order: \(orders)")
    }

    /// The Tasks button: two `async let` children log three steps each through an actor, with
    /// `Task.yield()` between them, then the task sleeps 200 ms and 300 ms (`Task.sleep`).
    private func tasks(seed: UInt64) throws -> String? {
        let fixture = try JournalFixture()
        let app = try launch(fixture, seed: seed)
        defer { app.kill() }
        _ = try app.tap(label: "Work")
        return try app.tap(label: "Tasks").element(identifier: "tasks")?.label
    }

    @Test func swiftConcurrencyTasksInterleaveBySeedAndSleepOnTheWorldsClock() throws {
        let first = try #require(try tasks(seed: 1))
        #expect(try tasks(seed: 1) == first)
        let words = first.split(separator: " ")
        #expect(words.prefix(6).sorted() == ["a0", "a1", "a2", "b0", "b1", "b2"], "\(first)")
        let slept = try #require(Int(words[7]))
        #expect(words[6] == "slept" && (500..<510).contains(slept), "the sleeps took 500 ms of the world's clock: \(first)")
        let others = Set(try (2...5).map { try tasks(seed: $0) })
        #expect(others.contains { $0 != first }, "four more seeds, one interleaving: \(others)")
    }

    /// The Operations button: five `BlockOperation`s on an `OperationQueue` three at a time, the
    /// last one depending on the first, then a barrier block reporting their order.
    private func operations(seed: UInt64) throws -> String? {
        let fixture = try JournalFixture()
        let app = try launch(fixture, seed: seed)
        defer { app.kill() }
        _ = try app.tap(label: "Work")
        return try app.tap(label: "Operations").element(identifier: "operations")?.label
    }

    @Test func operationQueuesRunOnTheWorldsSchedulerKeepingDependencies() throws {
        let first = try #require(try operations(seed: 3))
        #expect(try operations(seed: 3) == first)
        let order = first.split(separator: " ").map(String.init)
        #expect(order.sorted() == ["o0", "o1", "o2", "o3", "o4"], "\(first)")
        #expect(order.firstIndex(of: "o0")! < order.firstIndex(of: "o4")!, "o4 waits for o0: \(first)")
        let others = Set(try (4...9).map { try operations(seed: $0) })
        #expect(others.contains { $0 != first }, "six more seeds, one order: \(others)")
    }

    @Test func runLoopTimersFireOnTheWorldsClockWithinAStepOrWhenItIsAdvanced() throws {
        func timers(seed: UInt64) throws -> [String] {
            let fixture = try JournalFixture()
            let app = try launch(fixture, seed: seed)
            defer { app.kill() }
            _ = try app.tap(label: "Work")
            let tapped = try app.tap(label: "Timers").element(identifier: "timer")?.label
            #expect(tapped == "t0.25 t0.50 t0.75", "three ticks within the tap's second, each on time by the world's uptime")
            let early = try app.send(.advanceClock(nanoseconds: 1_000_000_000)).element(identifier: "timer")?.label
            #expect(early == tapped, "2 s in, the 3 s timer waits")
            let late = try app.send(.advanceClock(nanoseconds: 1_500_000_000)).element(identifier: "timer")?.label
            return [tapped ?? "", late ?? ""]
        }
        let first = try timers(seed: 1)
        #expect(first[1] == "t0.25 t0.50 t0.75 late3.00", "\(first)")
        #expect(try timers(seed: 1) == first)
    }

    @Test func timersFireOnTheWorldsClockWithinAStepOrWhenItIsAdvanced() throws {
        let fixture = try JournalFixture()
        let app = try launch(fixture, seed: 1)
        defer { app.kill() }
        let step = try app.tap(label: "Work")
        #expect(step.element(identifier: "later")?.label == "half a second", "0.5 s is within the tap's second")
        let looked = try app.send(.describe)
        #expect(looked.element(identifier: "later")?.label == "half a second", "looking takes no time")
        let early = try app.send(.advanceClock(nanoseconds: 2_000_000_000))
        #expect(early.element(identifier: "later")?.label == "half a second", "3 s in, the 5 s timer waits")
        let late = try app.send(.advanceClock(nanoseconds: 2_000_000_000))
        #expect(late.element(identifier: "later")?.label == "five seconds")
    }

    @Test func aWaitOnTheMainThreadRunsTheWorkThatEndsItAndATimeoutMovesTheClock() throws {
        let fixture = try JournalFixture()
        let app = try launch(fixture, seed: 1)
        defer { app.kill() }
        _ = try app.tap(label: "Work")
        let step = try app.tap(label: "Signal")
        #expect(step.element(identifier: "wait")?.label == "signalled, then timed out")
    }

    /// The console of an app that `button` on the Work screen ended; nil (with an issue) when
    /// the tap did not end it.
    private func consoleOfAppEnded(by button: String, seed: UInt64) throws -> String? {
        let fixture = try JournalFixture()
        let app = try launch(fixture, seed: seed)
        defer { app.kill() }
        _ = try app.tap(label: "Work")
        var error: LaunchedApp.LaunchError?
        do { _ = try app.tap(label: button) } catch let thrown { error = thrown }
        guard case .ended(_, _, let console)? = error else {
            Issue.record("\(button) should have ended the app: \(String(describing: error))")
            return nil
        }
        return console
    }

    @Test func aSemaphoreNothingSignalsIsADeadlockWithTheSeedNotAHang() throws {
        let console = try #require(try consoleOfAppEnded(by: "Deadlock", seed: 99))
        #expect(console.contains("PhotoSim: deadlock: the main thread waits for a DispatchSemaphore that nothing left to run can signal (the app's world seed 99)"),
                "\(console)")
    }

    @Test func aSyncOnTheQueueABlockRunsOnIsLibdispatchsCrash() throws {
        let console = try #require(try consoleOfAppEnded(by: "Same queue", seed: 1))
        #expect(console.contains("BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread"), "\(console)")
    }

    @Test func aThreadOfTheAppsOwnMarksTheRunNondeterministic() throws {
        let fixture = try JournalFixture()
        let app = try launch(fixture, seed: 1)
        defer { app.kill() }
        let work = try app.tap(label: "Work")
        #expect(!work.events.contains { $0.hasPrefix("nondeterministic") }, "\(work.events)")
        let step = try app.tap(label: "Thread")
        #expect(step.events.contains { $0.hasPrefix("nondeterministic: the app started a thread of its own") }, "\(step.events)")
    }
}
