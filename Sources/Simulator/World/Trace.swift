/// Every observable event of a world run, one line each, stamped with virtual time.
///
/// Append-only and bounded: once `maximumLines` lines are held, further lines are refused and
/// counted in ``droppedLineCount``, and the scheduler fails the run at its next step with
/// ``WorldFailure/Reason/traceLimitExceeded(limit:)``. Lines look like
///
///     [   0.250000000] notification UIApplicationDidEnterBackgroundNotification -> DetailsScreen#3
///
/// (seconds right-aligned to four digits, nine decimals). A newline inside an event is written as
/// `\n`, so one event is always one line. Nothing hash-ordered is written by the world, so the same
/// seed and inputs give the same bytes and the same ``digest`` in every process.
///
/// ```swift
/// let world = World(seed: 1)
/// world.trace.record("tap Add")
/// world.trace.lines    // ["[   0.000000000] tap Add"]
/// world.trace.digest   // 16 hex digits of FNV-1a 64 over `text`
/// ```
public final class Trace {
    /// The clock that stamps each line.
    public let clock: VirtualClock
    /// The most lines the trace holds.
    public let maximumLines: Int
    /// Every line so far, oldest first, without line terminators.
    public private(set) var lines: [String] = []
    /// Lines refused because the trace was full.
    public private(set) var droppedLineCount = 0
    private var hash = FNV1a64()
    /// Called after each line is recorded, with its number (from 1) and text; the fault layer
    /// watches here to kill an app right after a given event. One observer at a time.
    public var observer: ((_ number: Int, _ line: String) -> Void)?

    public init(clock: VirtualClock, maximumLines: Int = WorldLimits().maximumTraceLines) {
        precondition(maximumLines > 0, "a trace must hold at least one line")
        self.clock = clock
        self.maximumLines = maximumLines
    }

    /// Appends `event`'s line (its ``TraceEvent/description``), stamped with the clock's current time.
    public func record(_ event: TraceEvent) {
        record(event.description)
    }

    /// Appends `event`, stamped with the clock's current time.
    public func record(_ event: String) {
        guard lines.count < maximumLines else {
            droppedLineCount += 1
            return
        }
        let line = "[\(clock.now.secondsText(minimumWholeDigits: 4))] " + Trace.singleLine(event)
        hash.combine(line.utf8)
        hash.combine(CollectionOfOne(UInt8(ascii: "\n")))
        lines.append(line)
        observer?(lines.count, line)
    }

    /// True once a line was refused because the trace was full.
    public var isOverflowed: Bool { droppedLineCount > 0 }

    /// Every line, each ended by `\n`.
    public var text: String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The FNV-1a 64 hash of ``text``'s UTF-8 bytes, as 16 lowercase hex digits.
    public var digest: String { hash.hexadecimal }

    /// The last `count` lines (fewer when the trace is shorter).
    public func tail(_ count: Int) -> [String] {
        precondition(count >= 0, "tail needs a count of zero or more, got \(count)")
        return Array(lines.suffix(count))
    }

    /// `event` with every line break escaped (`\n`, `\r`, others as `\u{2028}`).
    private static func singleLine(_ event: String) -> String {
        guard event.contains(where: \.isNewline) else { return event }
        var escaped = ""
        for scalar in event.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case _ where Character(scalar).isNewline: escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
