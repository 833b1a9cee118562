import Testing
@testable import World

/// What the seed may and may not reorder.
@Suite("World: scheduler ordering")
struct WorldSchedulerOrderingTests {
    @Test(arguments: 0..<20)
    func serialQueuesStayFirstInFirstOut(seed: UInt64) throws {
        let world = World(seed: seed)
        let scheduler = world.scheduler
        let queues = [scheduler.main, scheduler.makeQueue(label: "a", kind: .serial),
                      scheduler.makeQueue(label: "b", kind: .serial)]
        var ran: [String: [Int]] = [:]
        for index in 0..<10 {
            for queue in queues {
                scheduler.async(on: queue, label: "\(index)") { ran[queue.label, default: []].append(index) }
            }
        }
        #expect(try scheduler.runUntilIdle() == 30)
        for queue in queues { #expect(ran[queue.label] == Array(0..<10)) }
        scheduler.checkInvariants()
    }

    @Test(arguments: 0..<20)
    func aBarrierWaitsForEarlierItemsAndHoldsBackLaterOnes(seed: UInt64) throws {
        let world = World(seed: seed)
        let scheduler = world.scheduler
        let io = scheduler.makeQueue(label: "io", kind: .concurrent)
        var ran: [String] = []
        for index in 0..<4 { scheduler.async(on: io, label: "read \(index)") { ran.append("read") } }
        scheduler.async(on: io, label: "write", barrier: true) { ran.append("write") }
        for index in 0..<4 { scheduler.async(on: io, label: "after \(index)") { ran.append("after") } }
        scheduler.async(on: scheduler.main, label: "main") { ran.append("main") }
        try scheduler.runUntilIdle()
        let work = ran.filter { $0 != "main" }
        #expect(work == Array(repeating: "read", count: 4) + ["write"] + Array(repeating: "after", count: 4))
        #expect(ran.count == 10)
    }

    @Test func theSeedChoosesAmongConcurrentItems() throws {
        var orders: Set<[Int]> = []
        for seed in UInt64(0)..<20 {
            let world = World(seed: seed)
            let io = world.scheduler.makeQueue(label: "io", kind: .concurrent)
            var order: [Int] = []
            for index in 0..<5 { world.scheduler.async(on: io, label: "\(index)") { order.append(index) } }
            try world.scheduler.runUntilIdle()
            orders.insert(order)
        }
        #expect(orders.count > 5)
    }

    @Test func timersRunAtTheirDeadlineInDeadlineThenSchedulingOrder() throws {
        let world = World(seed: 3)
        let scheduler = world.scheduler
        var ran: [String] = []
        func note(_ name: String) -> () -> Void {
            { ran.append("\(name)@\(world.clock.now)") }
        }
        scheduler.asyncAfter(delay: .seconds(2), on: scheduler.main, label: "late", note("late"))
        scheduler.asyncAfter(delay: .seconds(1), on: scheduler.main, label: "tie 1", note("tie 1"))
        scheduler.asyncAfter(delay: .seconds(1), on: scheduler.main, label: "tie 2", note("tie 2"))
        scheduler.asyncAfter(delay: .zero, on: scheduler.main, label: "now", note("now"))
        try scheduler.runUntilIdle()
        #expect(ran == ["now@0.000000000"])
        #expect(scheduler.pendingTimerCount == 3)
        try scheduler.advance(by: .milliseconds(999))
        #expect(ran.count == 1)
        scheduler.checkInvariants()
        try scheduler.advance(by: .seconds(5))
        #expect(ran == ["now@0.000000000", "tie 1@1.000000000", "tie 2@1.000000000", "late@2.000000000"])
        #expect(world.clock.now == .epoch.advanced(by: .milliseconds(5999)))
        #expect(scheduler.nextTimerDeadline == nil)
    }

    @Test func workATimerEnqueuesRunsBeforeTimeMovesOn() throws {
        let world = World(seed: 8)
        let scheduler = world.scheduler
        let background = scheduler.makeQueue(label: "background", kind: .serial)
        var stamps: [String] = []
        scheduler.asyncAfter(delay: .seconds(1), on: background, label: "tick") {
            scheduler.async(on: scheduler.main, label: "update") { stamps.append("update@\(world.clock.now)") }
            scheduler.asyncAfter(delay: .seconds(1), on: background, label: "tock") { stamps.append("tock@\(world.clock.now)") }
        }
        try scheduler.advance(by: .seconds(3))
        #expect(stamps == ["update@1.000000000", "tock@2.000000000"])
    }

    @Test func theTraceShowsWhatRanOnWhichQueue() throws {
        let world = World(seed: 4)
        let scheduler = world.scheduler
        let io = scheduler.makeQueue(label: "io", kind: .concurrent)
        scheduler.async(on: io, label: "flush", barrier: true) {}
        scheduler.asyncAfter(delay: .milliseconds(5), on: scheduler.main, label: "redraw") {}
        try scheduler.advance(by: .milliseconds(5))
        #expect(world.trace.lines == ["[   0.000000000] run io [barrier]: flush", "[   0.005000000] run main: redraw"])
    }
}
