import Testing
@testable import World

@Suite("World: trace")
struct WorldTraceTests {
    @Test func eventsAreStampedWithVirtualTimeAndRenderedAsLines() throws {
        let world = World(seed: 1)
        world.trace.record(.launched(app: "MyLocations", number: 1, arguments: [:]))
        try world.scheduler.advance(by: .milliseconds(250))
        world.trace.record(.tabSelected(title: "Locations"))
        try world.scheduler.advance(by: .seconds(1234))
        world.trace.record(.appKilled(app: "MyLocations"))
        #expect(world.trace.events == [
            TraceEntry(time: .epoch, event: .launched(app: "MyLocations", number: 1, arguments: [:])),
            TraceEntry(time: .epoch.advanced(by: .milliseconds(250)), event: .tabSelected(title: "Locations")),
            TraceEntry(time: .epoch.advanced(by: .milliseconds(1_234_250)), event: .appKilled(app: "MyLocations")),
        ])
        #expect(world.trace.lines == [
            "[   0.000000000] launch MyLocations #1",
            "[   0.250000000] select tab Locations",
            "[1234.250000000] MyLocations killed",
        ])
        #expect(world.trace.lines == world.trace.events.map(\.line))
        #expect(world.trace.text == world.trace.lines.joined(separator: "\n") + "\n")
        #expect(world.trace.tail(2) == Array(world.trace.lines.suffix(2)))
        #expect(world.trace.tail(10) == world.trace.lines)
        #expect(world.trace.tail(0).isEmpty)
    }

    @Test func anEventIsAlwaysOneLine() {
        let trace = Trace(clock: VirtualClock())
        let path = "name with\na newline\r\nand\u{2028}separator"
        trace.record(.fileRemoved(path: path))
        #expect(trace.lines == ["[   0.000000000] file removed name with\\na newline\\r\\nand\\u{2028}separator"])
        #expect(trace.text.filter(\.isNewline).count == 1)
        #expect(trace.events.map(\.event) == [.fileRemoved(path: path)], "the event keeps the value as given")
    }

    @Test func theObserverHearsEachEventWithItsNumberAndLine() {
        let trace = Trace(clock: VirtualClock())
        var heard: [(Int, TraceEntry, String)] = []
        trace.observer = { heard.append(($0, $1, $2)) }
        trace.record(.pickerCancelled)
        trace.record(.fileRemoved(path: "Documents/a"))
        #expect(heard.map(\.0) == [1, 2])
        #expect(heard.map(\.1) == trace.events)
        #expect(heard.map(\.2) == trace.lines)
    }

    @Test func theDigestIsFNV1aOfTheText() {
        let trace = Trace(clock: VirtualClock())
        #expect(trace.digest == "cbf29ce484222325")
        trace.record(.pickerCancelled)
        trace.record(.fileRemoved(path: "Documents/a\nb"))
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
        #expect(world.trace.events.count == 3, "the events keep to the same bound")
        #expect(world.trace.droppedLineCount == 1, "the run stops at the step after the first refused event")
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
        #expect(trace.digest == "f9df6d6d6118b244", "\(trace.lines.count) lines")
        #expect(trace.lines.count == 16)
    }
}
