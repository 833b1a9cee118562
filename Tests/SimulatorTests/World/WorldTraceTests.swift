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
}
