import Apps
import Core
import Simulator
import Testing

/// The trace's bytes for a fixed seed and fixed steps, pinned: a change to how an event is
/// recorded or rendered that moves one byte of any line fails here.
@Suite("Runtime: pinned trace digests")
struct TraceDigestTests {
    /// LootLogger adding items, archiving them, meeting a full disk, a memory warning and a kill
    /// at a trace event, then relaunching: no JPEG is written, so no byte count depends on the
    /// JPEG library's version.
    static func lootLoggerRun() throws -> Trace {
        let sandbox = try RuntimeSandbox(seed: 5, photoCount: 0, definition: LootLogger.definition)
        let host = sandbox.host
        try host.launch(arguments: ["flushOnMemoryWarning": "false"])
        try host.tap("Add")
        try host.tap("Add")
        try host.pressHome()
        try host.activate()
        host.faults.inject(FaultRule(kind: .diskFull, operation: .write, pathPattern: "Documents/items.plist"))
        try host.tap("Add")
        try host.pressHome()
        try host.activate()
        try host.simulateMemoryWarning()
        host.faults.killAtFirstTraceEvent(containing: "file written Documents/items.plist")
        try host.pressHome()
        try host.launch()
        try host.tap("Item 1")
        try host.back()
        try host.terminate()
        return host.trace
    }

    @Test func aLootLoggerRunKeepsItsDigest() throws {
        let trace = try Self.lootLoggerRun()
        #expect(trace.digest == "7a54434b13f1e61e", "\(trace.lines.count) lines")
        #expect(trace.lines.count == 71)
    }
}
