import Core
import Foundation
import World

/// The fault layer of one app on one device: injected file-system faults, a seeded fault rate,
/// armed crash points and kills at a trace event. Everything it does is written to the trace.
///
/// Every file the app touches, through the ``Core/FileSystem`` seam and through SQLite (its
/// stores open with a fault VFS), passes one of its ``ProcessDisk``s. When a crash point fires or
/// a kill is due, the process's disk is **frozen**: every later write, sync, remove and rename of
/// that process, at the seam and inside SQLite, fails and changes nothing, as if the process were
/// gone; the host then ends the process at its next boundary as `kill` does. A relaunch gets a
/// fresh disk and recovers from what had reached the disk.
///
/// ```swift
/// host.faults.arm(.photosSaveAfterFileWrite)                      // kill there
/// host.faults.inject(FaultRule(kind: .diskFull, operation: .write, pathPattern: "Documents/*"))
/// host.faults.killAfterTraceEvent(12)                            // right after line 12
/// host.faults.killAtFirstTraceEvent { $0 == .fileRemoved(path: "Documents/Photo-1.jpg") }
/// host.faults.setRate(0.01)                                      // draws from the "faults" stream
/// ```
public final class FaultInjector {
    /// Every crash point Core marks, by name, sorted.
    public static var crashPointNames: [String] { CrashPoint.all.map(\.name) }

    /// The rules injected and not yet fired, in the order given.
    public private(set) var rules: [FaultRule] = []
    /// The chance (0 to 1) that any one write, sync, remove or rename fails; 0 for none.
    public private(set) var rate: Double = 0
    /// Crash points armed and not yet fired, by name, with the occurrence that fires.
    public private(set) var armedCrashPoints: [String: Int] = [:]
    /// Every crash point the app reached, in first-reached order (armed or not): what an
    /// exploration can arm next.
    public private(set) var reachedCrashPoints: [String] = []
    /// The faults and kills that fired, as the trace recorded them
    /// (``TraceEvent/faultInjected(kind:operation:path:cause:)``, ``TraceEvent/faultKilled(app:at:)``,
    /// ``TraceEvent/traceEventKillMissed(line:app:)``).
    public private(set) var firedFaults: [TraceEvent] = []
    /// The files (relative to the container) that the current process failed to remove because
    /// of an injected fault. An app leaves such a file to its next launch's sweep, so the
    /// checkers excuse it until then; a new process starts with none.
    public private(set) var failedRemovals: Set<String> = []
    /// How many syncs of the app's SQLite stores reached the disk, over every launch: none on a
    /// scratch device, whose stores skip them as its other files do.
    public private(set) var storeSyncCount = 0
    /// How many writes, syncs, removes and renames the app's processes asked for, at the seam and
    /// inside SQLite (failed ones too): when it has not moved, the app changed nothing on disk.
    public private(set) var changeRequests = 0

    let trace: Trace
    private let streams: SeedStreams
    private let containerPath: String
    /// The device's file system, to resolve the container's path.
    private let fileSystem: FileSystem
    private let appName: String
    private var reachCounts: [String: Int] = [:]
    private var eventKill: EventKill?
    private var isRecording = false
    private weak var currentDisk: ProcessDisk?
    private var killCurrentProcess: (() -> Void)?

    /// A kill at a trace event: after a line number, at the first line containing a text, or at
    /// the first event a test accepts.
    private enum EventKill {
        case afterLine(Int)
        case firstLineContaining(String)
        case firstEvent((TraceEvent) -> Bool)

        /// True when the trace's line `number`, `entry` rendered as `line`, is the one to kill after.
        func isDue(number: Int, entry: TraceEntry, line: String) -> Bool {
            switch self {
            case .afterLine(let event): number >= event
            case .firstLineContaining(let text): line.contains(text)
            case .firstEvent(let accepts): accepts(entry.event)
            }
        }
    }

    package init(trace: Trace, streams: SeedStreams, containerPath: String, fileSystem: FileSystem, appName: String) {
        self.trace = trace
        self.fileSystem = fileSystem
        self.streams = streams
        self.containerPath = containerPath
        self.appName = appName
    }

    // MARK: - Arming

    /// Adds a rule; it fires once, on the `nth` matching operation from now.
    public func inject(_ rule: FaultRule) {
        rules.append(rule)
    }

    /// Makes every write, sync, remove and rename fail with chance `rate`, drawn from the run's
    /// `faults` seed stream (same seed, same faults). 0 turns it off.
    public func setRate(_ rate: Double) {
        precondition(rate >= 0 && rate <= 1, "a fault rate is between 0 and 1, got \(rate)")
        self.rate = rate
    }

    /// Kills the app the `occurrence`-th time (from now) it reaches `point`.
    public func arm(_ point: CrashPoint, occurrence: Int = 1) {
        precondition(occurrence >= 1, "occurrences count from 1, got \(occurrence)")
        armedCrashPoints[point.name] = (reachCounts[point.name] ?? 0) + occurrence
    }

    /// Arms the crash point called `name`.
    /// - Throws: ``FaultError/unknownCrashPoint(name:)``.
    public func arm(crashPointNamed name: String, occurrence: Int = 1) throws(FaultError) {
        guard let point = CrashPoint.named(name) else { throw .unknownCrashPoint(name: name) }
        arm(point, occurrence: occurrence)
    }

    /// Kills the app right after the trace's line number `event` (counting from 1) is recorded.
    public func killAfterTraceEvent(_ event: Int) {
        precondition(event >= 1, "trace events count from 1, got \(event)")
        eventKill = .afterLine(event)
        watchTrace()
    }

    /// Kills the app right after the first trace line (from now) that contains `text`, as a
    /// scenario's `killAtTraceEvent: {contains: text}` does (the line with its time).
    public func killAtFirstTraceEvent(containing text: String) {
        precondition(!text.isEmpty, "give the text of the trace event to kill at")
        eventKill = .firstLineContaining(text)
        watchTrace()
    }

    /// Kills the app right after the first event (from now) that `accepts` returns true for; the
    /// fault layer's own events are not offered.
    ///
    /// ```swift
    /// host.faults.killAtFirstTraceEvent { $0.kind == .fileWritten }
    /// ```
    public func killAtFirstTraceEvent(where accepts: @escaping (TraceEvent) -> Bool) {
        eventKill = .firstEvent(accepts)
        watchTrace()
    }

    /// Removes every rule, the rate, armed crash points and a pending event kill.
    public func disarmAll() {
        rules = []
        rate = 0
        armedCrashPoints = [:]
        eventKill = nil
    }

    // MARK: - Processes

    /// A fresh disk for a new process; `kill` ends that process at its next boundary.
    package func disk(for base: FileSystem, kill: @escaping () -> Void) -> ProcessDisk {
        let disk = ProcessDisk(base: base, injector: self)
        currentDisk = disk
        failedRemovals = []
        killCurrentProcess = kill
        return disk
    }

    /// Counts a store's sync that reaches the disk.
    func countStoreSync() {
        storeSyncCount += 1
    }

    /// The path relative to the app's container, as rules, the trace and the checkers name it.
    ///
    /// SQLite names its files by their full path (no `//`, links resolved), so both the
    /// container's path as given and as resolved are tried (``Core/RelativePaths``).
    public func relative(_ path: String) -> String {
        containerPaths.relative(path)
    }

    /// The container's path, as given and resolved.
    private lazy var containerPaths = RelativePaths(root: containerPath,
                                                    resolvedRoot: try? fileSystem.resolvedPath(of: containerPath))

    // MARK: - Deciding

    /// The fault, if any, for one operation of a live process. A change (write, sync, remove,
    /// rename) is counted in ``changeRequests`` and meets the rate too; a read or a new folder
    /// meets only the rules that name it, so adding them to the model left every seed's drawn
    /// faults as they were.
    func fault(for operation: FaultOperation, path: String) -> FaultKind? {
        let isChange = FaultOperation.any.covers(operation)
        if isChange { changeRequests += 1 }
        if rules.isEmpty && (rate == 0 || !isChange) { return nil }
        let relativePath = relative(path)
        var fired: (kind: FaultKind, cause: TraceEvent.FaultCause)?
        var index = 0
        while index < rules.count {
            guard rules[index].matches(operation, relativePath: relativePath) else { index += 1; continue }
            if rules[index].countMatch(), fired == nil {
                fired = (rules[index].kind, .rule(rules[index]))
                rules.remove(at: index)
                continue
            }
            index += 1
        }
        if fired == nil, isChange, rate > 0, let kind = drawnFault(for: operation) {
            fired = (kind, .rate(rate))
        }
        guard let fired else { return nil }
        if operation == .remove { failedRemovals.insert(relativePath) }
        record(.faultInjected(kind: fired.kind, operation: operation, path: relativePath, cause: fired.cause))
        return fired.kind
    }

    /// A draw from the `faults` stream: a fault with chance ``rate``, its kind drawn too.
    private func drawnFault(for operation: FaultOperation) -> FaultKind? {
        let random = streams.stream("faults")
        let scale: UInt64 = 1 << 53
        guard Double(random.next(below: scale)) / Double(scale) < rate else { return nil }
        switch operation {
        case .sync: return .fsyncFailure
        case .remove, .rename: return .ioError
        case .read, .createDirectory: return .ioError
        case .write, .any:
            let kinds: [FaultKind] = [.diskFull, .ioError, .shortWrite]
            return kinds[Int(random.next(below: UInt64(kinds.count)))]
        }
    }

    /// True when reaching `point` now would fire it.
    func isDue(_ point: CrashPoint) -> Bool {
        guard let due = armedCrashPoints[point.name] else { return false }
        return (reachCounts[point.name] ?? 0) + 1 >= due
    }

    /// Notes that `disk`'s process reached `point`; true when that kills it.
    func reach(_ point: CrashPoint, on disk: ProcessDisk) -> Bool {
        let count = (reachCounts[point.name] ?? 0) + 1
        reachCounts[point.name] = count
        if count == 1 { reachedCrashPoints.append(point.name) }
        guard let due = armedCrashPoints[point.name], count >= due else { return false }
        armedCrashPoints[point.name] = nil
        kill(disk, at: .crashPoint(point.name))
        return true
    }

    /// Six letters and digits for the temporary file a crash before a rename leaves, drawn from
    /// the `faults.names` stream (as `mkstemp` would choose them, but the same for one seed).
    func temporarySuffix() -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let random = streams.stream("faults.names")
        return String((0..<6).map { _ in letters[Int(random.next(below: UInt64(letters.count)))] })
    }

    // MARK: - Killing

    /// Freezes `disk` and has its process ended at its next boundary.
    private func kill(_ disk: ProcessDisk, at point: TraceEvent.KillPoint) {
        guard !disk.isFrozen else { return }
        disk.freeze()
        record(.faultKilled(app: appName, at: point))
        if disk === currentDisk { killCurrentProcess?() }
    }

    private func watchTrace() {
        trace.observer = { [weak self] number, entry, line in self?.traceRecorded(number: number, entry: entry, line: line) }
    }

    private func traceRecorded(number: Int, entry: TraceEntry, line: String) {
        guard !isRecording, let pending = eventKill, pending.isDue(number: number, entry: entry, line: line) else { return }
        eventKill = nil
        trace.observer = nil
        guard let disk = currentDisk, !disk.isFrozen else {
            record(.traceEventKillMissed(line: number, app: appName))
            return
        }
        kill(disk, at: .traceEvent(line: number))
    }

    /// Records `event` in the trace and in ``firedFaults`` without triggering an event kill.
    private func record(_ event: TraceEvent) {
        isRecording = true
        trace.record(event)
        isRecording = false
        firedFaults.append(event)
    }
}
