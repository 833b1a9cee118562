import Testing
@testable import World

@Suite("World: sync")
struct WorldSchedulerSyncTests {
    @Test(arguments: 0..<10)
    func syncOntoASerialQueueFirstRunsItsEarlierItems(seed: UInt64) throws {
        let world = World(seed: seed)
        let scheduler = world.scheduler
        let database = scheduler.makeQueue(label: "database", kind: .serial)
        var log: [String] = []
        scheduler.async(on: scheduler.main, label: "save") {
            scheduler.async(on: database, label: "insert 1") { log.append("insert 1") }
            scheduler.async(on: database, label: "insert 2") {
                log.append("insert 2")
                scheduler.async(on: database, label: "insert 3") { log.append("insert 3") }
            }
            let count = try scheduler.sync(on: database, label: "count") { () -> Int in
                log.append("count")
                return log.count
            }
            log.append("main saw \(count)")
        }
        try scheduler.runUntilIdle()
        #expect(log == ["insert 1", "insert 2", "count", "main saw 3", "insert 3"])
        #expect(world.trace.lines.contains("[   0.000000000] sync database: count"))
    }

    @Test(arguments: 0..<10)
    func nonBarrierSyncOntoAConcurrentQueueWaitsOnlyForEarlierBarriers(seed: UInt64) throws {
        let world = World(seed: seed)
        let scheduler = world.scheduler
        let cache = scheduler.makeQueue(label: "cache", kind: .concurrent)
        var log: [String] = []
        scheduler.async(on: scheduler.main, label: "read") {
            scheduler.async(on: cache, label: "load") { log.append("load") }
            scheduler.async(on: cache, label: "store", barrier: true) { log.append("store") }
            scheduler.async(on: cache, label: "peek") { log.append("peek") }
            try scheduler.sync(on: cache, label: "lookup") { log.append("lookup") }
        }
        try scheduler.runUntilIdle()
        #expect(Array(log.prefix(3)) == ["load", "store", "lookup"])
        #expect(log.last == "peek")
    }

    @Test(arguments: [WorkQueue.Kind.serial, .concurrent])
    func syncOntoTheQueueOfTheRunningBarrierOrSerialItemIsADeadlock(kind: WorkQueue.Kind) {
        let world = World(seed: 21)
        let scheduler = world.scheduler
        let queue = scheduler.makeQueue(label: "q", kind: kind)
        var caught: (any Error)?
        scheduler.async(on: queue, label: "outer", barrier: true) {
            do { try scheduler.sync(on: queue, label: "inner") {} } catch { caught = error }  // the app swallows it
        }
        let expected = WorldFailure(reason: .deadlock(queue: "q", label: "inner", chain: ["q: outer"]), seed: 21, time: .epoch)
        #expect(throws: expected) { try scheduler.runUntilIdle() }
        #expect(caught as? WorldFailure == expected)
    }

    @Test func aSyncCycleThroughTwoQueuesIsADeadlock() {
        let world = World(seed: 22)
        let scheduler = world.scheduler
        let other = scheduler.makeQueue(label: "other", kind: .serial)
        scheduler.async(on: scheduler.main, label: "a") {
            try scheduler.sync(on: other, label: "b") {
                try scheduler.sync(on: scheduler.main, label: "c") {}
            }
        }
        #expect(throws: WorldFailure(reason: .deadlock(queue: "main", label: "c", chain: ["main: a", "other: b"]),
                                     seed: 22, time: .epoch)) {
            try scheduler.runUntilIdle()
        }
    }

    @Test func nonBarrierSyncOntoTheRunningConcurrentQueueRunsInline() throws {
        let world = World(seed: 23)
        let scheduler = world.scheduler
        let pool = scheduler.makeQueue(label: "pool", kind: .concurrent)
        var log: [String] = []
        scheduler.async(on: pool, label: "outer") {
            try scheduler.sync(on: pool, label: "inner") { log.append("inner") }
            log.append("outer")
        }
        try scheduler.runUntilIdle()
        #expect(log == ["inner", "outer"])
    }

    @Test func anErrorThrownBySyncBodyReachesTheCallerOnly() throws {
        struct Missing: Error {}
        let world = World(seed: 24)
        let scheduler = world.scheduler
        let queue = scheduler.makeQueue(label: "store", kind: .serial)
        var caught = false
        scheduler.async(on: scheduler.main, label: "load") {
            do { try scheduler.sync(on: queue, label: "fetch") { throw Missing() } } catch is Missing { caught = true }
        }
        try scheduler.runUntilIdle()
        #expect(caught)
        #expect(scheduler.failure == nil)
    }
}
