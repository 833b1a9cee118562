import Testing
@testable import Simulator

@Suite("World: trace")
struct WorldTraceTests {
    @Test func linesAreStampedWithVirtualTime() throws {
        let world = World(seed: 1)
        world.trace.record("launch")
        try world.scheduler.advance(by: .milliseconds(250))
        world.trace.record("tap Add")
        try world.scheduler.advance(by: .seconds(1234))
        world.trace.record("late")
        #expect(world.trace.lines == [
            "[   0.000000000] launch",
            "[   0.250000000] tap Add",
            "[1234.250000000] late",
        ])
        #expect(world.trace.text == world.trace.lines.joined(separator: "\n") + "\n")
        #expect(world.trace.tail(2) == Array(world.trace.lines.suffix(2)))
        #expect(world.trace.tail(10) == world.trace.lines)
    }

    @Test func anEventIsAlwaysOneLine() {
        let trace = Trace(clock: VirtualClock())
        trace.record("name with\na newline\r\nand\u{2028}separator")
        #expect(trace.lines == ["[   0.000000000] name with\\na newline\\r\\nand\\u{2028}separator"])
        #expect(trace.text.filter(\.isNewline).count == 1)
    }

    @Test func theDigestIsFNV1aOfTheText() {
        let trace = Trace(clock: VirtualClock())
        #expect(trace.digest == "cbf29ce484222325")
        trace.record("a")
        trace.record("b")
        var hash = FNV1a64()
        hash.combine(trace.text.utf8)
        #expect(trace.digest == hash.hexadecimal)
        #expect(trace.digest.count == 16)
    }

    @Test func aFullTraceRefusesLinesAndFailsTheRun() throws {
        let world = World(seed: 77, limits: WorldLimits(maximumTraceLines: 3))
        for index in 0..<5 {
            world.scheduler.async(on: world.scheduler.main, label: "item \(index)") {}
        }
        #expect(throws: WorldFailure(reason: .traceLimitExceeded(limit: 3), seed: 77, time: .epoch)) {
            try world.scheduler.runUntilIdle()
        }
        #expect(world.trace.lines.count == 3)
        #expect(world.trace.isOverflowed)
        #expect("\(world.scheduler.failure!)".hasSuffix("reproduce with --seed 77"))
    }
    /// Queues, a barrier, a timer, a sync, observers and a leak, driven with seed 9: every kind
    /// of line the world itself writes.
    static func worldRun() throws -> Trace {
        final class Screen {}
        let world = World(seed: 9)
        let scheduler = world.scheduler
        let io = scheduler.makeQueue(label: "io", kind: .concurrent)
        var screen: Screen? = Screen()
        let kept = screen
        let token = world.observers.addObserver(forName: "UIApplicationDidEnterBackgroundNotification",
                                                registeredBy: "Screen#1") { _ in _ = kept }
        let other = world.observers.addObserver(forName: "Other", registeredBy: "App") { _ in }
        world.leakTracker.track(screen!, kind: "screen", owner: "Screen#1")
        for index in 1...3 { scheduler.async(on: io, label: "load \(index)") {} }
        scheduler.async(on: io, label: "store", barrier: true) {}
        scheduler.asyncAfter(delay: .milliseconds(15), on: scheduler.main, label: "later") {
            world.observers.post(name: "UIApplicationDidEnterBackgroundNotification", from: "UIApplication")
        }
        scheduler.async(on: scheduler.main, label: "ask") {
            try scheduler.sync(on: io, label: "count") {}
        }
        try scheduler.advance(by: .milliseconds(20))
        world.observers.removeObserver(other)
        screen = nil
        world.leakTracker.ownerClosed("Screen#1")
        _ = world.leakTracker.leaks()
        _ = token
        return world.trace
    }

    @Test func aWorldRunKeepsItsDigest() throws {
        let trace = try Self.worldRun()
        #expect(trace.digest == "987e77785252424e", "\(trace.lines.count) lines")
        #expect(trace.lines.count == 16)
    }
}
