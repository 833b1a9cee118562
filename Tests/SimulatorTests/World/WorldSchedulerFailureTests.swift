import Testing
@testable import DeviceStore
@testable import World

/// Every loop has a bound, and a failure names the seed and stays.
@Suite("World: scheduler failures")
struct WorldSchedulerFailureTests {
    private struct AppError: Error, CustomStringConvertible {
        var description: String { "disk on fire" }
    }

    @Test func workThatKeepsEnqueueingWorkHitsTheItemBound() {
        let world = World(seed: 11, limits: WorldLimits(maximumItemsPerRun: 50))
        let scheduler = world.scheduler
        func again() { scheduler.async(on: scheduler.main, label: "again") { again() } }
        again()
        let expected = WorldFailure(reason: .itemLimitExceeded(limit: 50, queue: "main", label: "again"),
                                    seed: 11, time: .epoch)
        #expect(throws: expected) { try scheduler.runUntilIdle() }
        #expect(world.trace.lines.count == 50)
        #expect("\(expected)".contains("reproduce with --seed 11"))
        #expect(throws: expected) { try scheduler.advance(by: .seconds(1)) }  // the failure stays
        #expect(world.clock.now == .epoch)
    }

    @Test func aRepeatingTimerOverALongAdvanceIsNotAnItemBoundFailure() throws {
        let world = World(seed: 12, limits: WorldLimits(maximumItemsPerRun: 10))
        let scheduler = world.scheduler
        var ticks = 0
        func tick() {
            scheduler.asyncAfter(delay: .milliseconds(1), on: scheduler.main, label: "tick") {
                ticks += 1
                tick()
            }
        }
        tick()
        #expect(try scheduler.advance(by: .seconds(1)) == 1000)
        #expect(ticks == 1000)
    }

    @Test func tooManyPendingItemsFailsAndDropsTheItem() {
        let world = World(seed: 13, limits: WorldLimits(maximumPendingItems: 3))
        let scheduler = world.scheduler
        for index in 0..<3 { scheduler.async(on: scheduler.main, label: "\(index)") {} }
        scheduler.asyncAfter(delay: .seconds(1), on: scheduler.main, label: "one too many") {}
        scheduler.checkInvariants()
        #expect(scheduler.pendingTimerCount == 0)
        #expect(throws: WorldFailure(reason: .pendingLimitExceeded(limit: 3, queue: "main", label: "one too many"),
                                     seed: 13, time: .epoch)) {
            try scheduler.runUntilIdle()
        }
    }

    @Test func anErrorEscapingAWorkItemFailsTheRun() {
        let world = World(seed: 14)
        let scheduler = world.scheduler
        var ranAfter = false
        scheduler.async(on: scheduler.main, label: "save") { throw AppError() }
        scheduler.async(on: scheduler.main, label: "after") { ranAfter = true }
        #expect(throws: WorldFailure(reason: .workItemThrew(queue: "main", label: "save", message: "disk on fire"),
                                     seed: 14, time: .epoch)) {
            try scheduler.runUntilIdle()
        }
        #expect(!ranAfter)
    }
}
