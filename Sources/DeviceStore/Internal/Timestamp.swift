import Foundation

/// Formats instants in UTC the ways Apple's tools print them, and reads the ISO 8601 form back.
package enum Timestamp {
    /// The instant an ISO 8601 date and time names, as device records store them
    /// (`2022-06-07T11:34:18Z`; an offset such as `+02:00` and fractional seconds are read too), or
    /// `nil` for any other text, an hour, minute or second out of range included.
    ///
    /// Read by FoundationEssentials' `Date.ISO8601FormatStyle`, the counterpart of the record
    /// encoder's `.iso8601`, which needs no ICU: `ISO8601DateFormatter` starts ICU (its data and
    /// Unicode sets) on first use, a fifth of what `simctl list` took.
    static func date(iso8601 text: String) -> Date? {
        guard let time = text.firstIndex(of: "T").map({ text[text.index(after: $0)...].prefix(8) }),
              time.count == 8, time.split(separator: ":", omittingEmptySubsequences: false).count == 3 else { return nil }
        let fields = time.split(separator: ":").compactMap { Int($0) }
        guard fields.count == 3, fields[0] < 24, fields[1] < 60, fields[2] < 60 else { return nil }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    /// As `simctl list --json` prints `lastBootedAt`: `2022-06-07T11:34:18Z`.
    package static func iso8601(_ date: Date) -> String {
        let parts = utcParts(date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year, parts.month, parts.day,
                      parts.hour, parts.minute, parts.second)
    }

    /// As `NSDate`'s description (and so an old-style plist) prints: `2022-06-07 11:34:18 +0000`.
    package static func description(_ date: Date) -> String {
        let parts = utcParts(date)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d +0000", parts.year, parts.month, parts.day,
                      parts.hour, parts.minute, parts.second)
    }

    private static func utcParts(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var time = time_t(Int(date.timeIntervalSince1970.rounded(.down)))
        var parts = tm()
        gmtime_r(&time, &parts)
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
