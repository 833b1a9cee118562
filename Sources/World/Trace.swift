/// Every observable event of a world run, typed and stamped with virtual time; one line each.
///
/// Append-only and bounded: once `maximumLines` events are held, further ones are refused and
/// counted in ``droppedLineCount``, and the scheduler fails the run at its next step with
/// ``WorldFailure/Reason/traceLimitExceeded(limit:)``. The trace keeps each ``TraceEvent`` with
/// its time (``events``); its lines are those entries rendered (``TraceEntry/line``):
///
///     [   0.250000000] notification UIApplicationDidEnterBackgroundNotification -> DetailsScreen#3
///
/// (seconds right-aligned to four digits, nine decimals, then the event's words). A line break
/// inside an event's values is written as `\n`, so one event is always one line. Nothing
/// hash-ordered is written by the world, so the same seed and inputs give the same bytes and the
/// same ``digest`` in every process.
///
/// Code and tests match a kind of event in ``events``; the text (``lines``, ``text``, ``tail(_:)``)
/// is what people read, and what a scenario's `assertTrace` and `killAtTraceEvent` match.
///
/// ```swift
/// let world = World(seed: 1)
/// world.trace.record(.tabSelected(title: "Locations"))
/// world.trace.events   // [TraceEntry(time: .epoch, event: .tabSelected(title: "Locations"))]
/// world.trace.lines    // ["[   0.000000000] select tab Locations"]
/// world.trace.digest   // 16 hex digits of FNV-1a 64 over `text`
/// ```
public final class Trace {
    /// The clock that stamps each event.
    public let clock: VirtualClock
    /// The most events (lines) the trace holds.
    public let maximumLines: Int
    /// Every event so far with its time, oldest first: line `n` of the trace is `events[n - 1]`.
    public private(set) var events: [TraceEntry] = []
    /// Events refused because the trace was full.
    public private(set) var droppedLineCount = 0
    private var hash = FNV1a64()
    /// Called after each event is recorded, with its line number (from 1), the event and its
    /// line; the fault layer watches here to kill an app right after a given event. One observer
    /// at a time.
    public var observer: ((_ number: Int, _ entry: TraceEntry, _ line: String) -> Void)?

    public init(clock: VirtualClock, maximumLines: Int = WorldLimits().maximumTraceLines) {
        precondition(maximumLines > 0, "a trace must hold at least one line")
        self.clock = clock
        self.maximumLines = maximumLines
    }

    /// Appends `event`, stamped with the clock's current time, and folds its line into ``digest``.
    public func record(_ event: TraceEvent) {
        guard events.count < maximumLines else {
            droppedLineCount += 1
            return
        }
        let entry = TraceEntry(time: clock.now, event: event)
        let line = entry.line
        hash.combine(line.utf8)
        hash.combine(CollectionOfOne(UInt8(ascii: "\n")))
        events.append(entry)
        observer?(events.count, entry, line)
    }

    /// True once an event was refused because the trace was full.
    public var isOverflowed: Bool { droppedLineCount > 0 }

    /// Every line, oldest first, without line terminators.
    ///
    /// Rendered from ``events`` on each call (the trace keeps its events, not their text): read it
    /// once and keep the array, or match ``events``.
    public var lines: [String] {
        events.map(\.line)
    }

    /// Every line, each ended by `\n`.
    public var text: String {
        events.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The FNV-1a 64 hash of ``text``'s UTF-8 bytes, as 16 lowercase hex digits.
    public var digest: String { hash.hexadecimal }

    /// The last `count` lines (fewer when the trace is shorter).
    public func tail(_ count: Int) -> [String] {
        precondition(count >= 0, "tail needs a count of zero or more, got \(count)")
        return events.suffix(count).map(\.line)
    }
}
