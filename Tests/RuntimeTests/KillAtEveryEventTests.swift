import Apps
import Core
import Foundation
import Platform
import Simulator
import Testing

/// A kill after every line of a MyLocations session's trace (save a photo, replace it, delete
/// the location), each followed by a relaunch from disk: every checker holds after the relaunch
/// and after one more save, and the new photo never takes an ID that had reached the disk.
@Suite("Runtime: a kill at every trace event")
struct KillAtEveryEventTests {
    /// The session each run plays until the kill: a new location with photo 0, its photo
    /// replaced by photo 1, then the location deleted. Stops quietly once the app is killed;
    /// runs every checker between steps while the app runs, so the photo-ID history is known.
    static func session(_ sandbox: RuntimeSandbox, checkup: DeviceCheckup, arguments: [String: String]) throws -> CheckFailure? {
        let host = sandbox.host
        let steps: [() throws -> Void] = [
            { try host.launch(arguments: arguments) },
            { try sandbox.addLocationWithPhoto(description: "Beach") },
            { try CrashPointRecoveryTests.replacePhoto(of: "Beach", in: sandbox) },
            { try host.swipe(from: "Beach") },
            { try host.tap("Delete") },
        ]
        for step in steps {
            do { try step() } catch where host.state == .killed { return nil }
            guard host.state.isRunning else { return nil }
            if let failure = checkup.run() { return failure }
        }
        return nil
    }

    /// The photo IDs of the files `entries` wrote, moved or removed (staged or not).
    static func photoIDs(in entries: ArraySlice<TraceEntry>) -> Set<Int> {
        Set(entries.flatMap { filePaths(of: $0.event) }.compactMap(photoID(in:)))
    }

    /// The paths a file event names, relative to the container.
    static func filePaths(of event: TraceEvent) -> [String] {
        switch event {
        case .fileWritten(let path, _), .fileRemoved(let path): [path]
        case .fileMoved(let source, let destination): [source, destination]
        default: []
        }
    }

    /// 3 for `Documents/Photo-3.jpg`, `Documents/.Photo-3.jpg.staged` and the like.
    static func photoID(in path: String) -> Int? {
        guard let range = path.range(of: "Documents/Photo-") ?? path.range(of: "Documents/.Photo-") else { return nil }
        return Int(path[range.upperBound...].prefix { $0.isNumber })
    }

    /// Kills the session after event `event` (or at the `occurrence`th time it reaches
    /// `crashPoint`), relaunches, saves once more; what went wrong, if anything.
    static func killAndRecover(after event: Int? = nil, at crashPoint: (CrashPoint, occurrence: Int)? = nil, seed: UInt64 = 1,
                               arguments: [String: String]) throws -> String? {
        // No fsync: a kill freezes the disk in this process, so durability changes nothing here.
        let sandbox = try RuntimeSandbox(seed: seed, durability: .scratch)
        let host = sandbox.host, checkup = DeviceCheckup(host: host)
        if let event { host.faults.killAfterTraceEvent(event) }
        if let (point, occurrence) = crashPoint { host.faults.arm(point, occurrence: occurrence) }
        if let failure = try session(sandbox, checkup: checkup, arguments: arguments) { return "before the kill \(failure)" }
        guard host.state == .killed else { return "never killed" }
        let events = host.trace.events
        let killedAt = events.lastIndex { $0.event.kind == .faultKilled } ?? events.count
        let seenBeforeKill = photoIDs(in: events.prefix(killedAt))
        if host.state.isRunning { try host.terminate() }
        try host.launch(arguments: arguments)
        if let failure = checkup.run() { return "after the relaunch \(failure)" }
        try sandbox.addLocationWithPhoto(description: "Dunes")
        if let failure = checkup.run() { return "after one more save \(failure)" }
        let store = try LocationStore.open(containerPath: sandbox.device.containerPath, fileSystem: sandbox.fileSystem,
                                           random: SplitMix64(seed: 3))
        defer { store.close() }
        guard let newID = try store.allLocations().first(where: { $0.locationDescription == "Dunes" })?.photoID?.rawValue else {
            return "the save after the relaunch has no photo"
        }
        return seenBeforeKill.contains(newID) ? "the new photo took ID \(newID), which had reached the disk" : nil
    }

    /// The events of an unkilled session's trace from the app's launch, and the trace itself.
    static func events(arguments: [String: String]) throws -> (range: ClosedRange<Int>, lines: [String]) {
        let reference = try RuntimeSandbox(durability: .scratch)
        let failure = try session(reference, checkup: DeviceCheckup(host: reference.host), arguments: arguments)
        #expect(failure == nil, "the session passes every checker when nothing kills it")
        let lines = reference.host.trace.lines
        let first = (reference.host.trace.events.firstIndex { $0.event.kind == .launched } ?? 0) + 1
        return (first...lines.count, lines)
    }

    @Test("every event of the session, killed there and relaunched, leaves a state every checker accepts")
    func everyEventKilledAndRelaunched() throws {
        let (events, lines) = try Self.events(arguments: [:])
        #expect(events.count > 50, "a session long enough to be worth sweeping")
        var survived = 0
        for event in events {
            if let problem = try Self.killAndRecover(after: event, arguments: [:]) {
                Issue.record("killed after event \(event) (\(lines[event - 1])): \(problem)")
            } else {
                survived += 1
            }
        }
        #expect(survived == events.count, "\(survived) of \(events.count) kills survived")
    }

    @Test("every crash point the session reaches, under several seeds: killed there, relaunched, every checker holds",
          arguments: [1, 2, 3] as [UInt64])
    func everyCrashPointReachedKilledAndRelaunched(seed: UInt64) throws {
        let reference = try RuntimeSandbox(seed: seed, durability: .scratch)
        _ = try Self.session(reference, checkup: DeviceCheckup(host: reference.host), arguments: [:])
        let reached = reference.host.faults.reachedCrashPoints
        #expect(Set(reached).count >= 10, "the session passes through the save, overwrite, delete and preferences points")
        var occurrences: [String: Int] = [:]
        for name in reached {
            occurrences[name, default: 0] += 1
            let point = try #require(CrashPoint.named(name))
            if let problem = try Self.killAndRecover(at: (point, occurrences[name]!), seed: seed, arguments: [:]) {
                Issue.record("seed \(seed), killed at \(name) #\(occurrences[name]!): \(problem)")
            }
        }
    }

    @Test("the same sweep catches a photo ID allocated after its file is written")
    func sweepCatchesThePhotoIDAllocatedAfterTheWrite() throws {
        let arguments = ["photoIDAfterWrite": "true"]
        let (events, _) = try Self.events(arguments: arguments)
        let caught = try events.compactMap { try Self.killAndRecover(after: $0, arguments: arguments) }
        #expect(!caught.isEmpty, "a kill between the file and the ID lets the next photo take an ID that had reached the disk")
        #expect(caught.allSatisfy { $0.contains("photo-") || $0.contains("took ID") })
    }
}
