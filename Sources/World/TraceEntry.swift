/// One event of a ``Trace`` with the virtual time it was recorded at: a line of the trace, typed.
///
/// ```swift
/// let entry = TraceEntry(time: .epoch.advanced(by: .milliseconds(250)), event: .appKilled(app: "MyLocations"))
/// entry.line  // "[   0.250000000] MyLocations killed"
/// ```
public struct TraceEntry: Equatable, Sendable {
    /// When the event was recorded.
    public let time: VirtualInstant
    /// What happened.
    public let event: TraceEvent

    public init(time: VirtualInstant, event: TraceEvent) {
        self.time = time
        self.event = event
    }

    /// The trace line: `[SSSS.NNNNNNNNN] <event>`, seconds right-aligned to four digits, nine
    /// decimals, then the event's words (``TraceEvent/description``).
    public var line: String {
        "[\(time.secondsText(minimumWholeDigits: 4))] " + event.description
    }
}
