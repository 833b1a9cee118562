import Testing
@testable import World

/// Async code on the world's executor: deterministic, in virtual time.
@Suite("World: async tasks")
struct WorldSchedulerTaskTests {
    /// Results of a task, readable after the world has run it.
    private final class Log: @unchecked Sendable {
        // Written only by world tasks, which run on the thread driving the world.
        var entries: [String] = []
    }

    @Test func aTaskSleepsInVirtualTimeOnly() throws {
        let world = World(seed: 31)
        let clock = world.clock
        let log = Log()
        world.scheduler.startTask(on: world.scheduler.main, label: "poller") {
            log.entries.append("start@\(clock.now)")
            try? await clock.sleep(for: .seconds(30))
            log.entries.append("woke@\(clock.now)")
        }
        #expect(log.entries.isEmpty)  // nothing runs until the world is driven
        try world.scheduler.runUntilIdle()
        #expect(log.entries == ["start@0.000000000"])
        try world.scheduler.advance(by: .seconds(29))
        #expect(log.entries.count == 1)
        try world.scheduler.advance(by: .seconds(1))
        #expect(log.entries == ["start@0.000000000", "woke@30.000000000"])
        #expect(world.trace.lines.contains("[  30.000000000] run main: poller"))
    }

    @Test func tasksInterleaveByTheSeedAndReplayExactly() throws {
        func run(seed: UInt64) throws -> [String] {
            let world = World(seed: seed)
            let clock = world.clock
            let log = Log()
            let pool = world.scheduler.makeQueue(label: "pool", kind: .concurrent)
            for name in ["a", "b", "c", "d"] {
                world.scheduler.startTask(on: pool, label: name) {
                    for step in 0..<3 {
                        log.entries.append("\(name)\(step)")
                        try? await clock.sleep(for: .milliseconds(10))
                    }
                }
            }
            try world.scheduler.advance(by: .seconds(1))
            #expect(log.entries.count == 12)
            return log.entries
        }
        #expect(try run(seed: 5) == run(seed: 5))
        let orders = try (UInt64(0)..<8).map { try run(seed: $0) }
        #expect(Set(orders).count > 1)
    }

    @Test func cancellingASleepingTaskWakesItWithCancellationError() throws {
        let world = World(seed: 32)
        let clock = world.clock
        let log = Log()
        let sleeper = world.scheduler.startTask(on: world.scheduler.main, label: "sleeper") {
            do {
                try await clock.sleep(for: .seconds(100))
                log.entries.append("woke")
            } catch {
                log.entries.append("cancelled@\(clock.now)")
            }
        }
        world.scheduler.asyncAfter(delay: .seconds(1), on: world.scheduler.main, label: "cancel") { sleeper.cancel() }
        try world.scheduler.advance(by: .seconds(200))
        #expect(log.entries == ["cancelled@1.000000000"])
    }

    @Test func aResumptionFromOutsideTheDriveFailsTheRunInsteadOfRacing() throws {
        final class Waiter: @unchecked Sendable {
            var continuation: CheckedContinuation<Void, Never>?
        }
        let world = World(seed: 33)
        let waiter = Waiter()
        world.scheduler.startTask(on: world.scheduler.main, label: "waiter") {
            await withCheckedContinuation { waiter.continuation = $0 }
        }
        try world.scheduler.runUntilIdle()
        waiter.continuation?.resume()  // as a host callback would, outside the world's drive
        let detail = "a job of task waiter was resumed outside the drive (from another thread, or while the world was not running)"
        #expect(throws: WorldFailure(reason: .foreignThread(detail: detail), seed: 33, time: .epoch)) {
            try world.scheduler.runUntilIdle()
        }
    }
}
