import Foundation

/// Formats instants in UTC the ways Apple's tools print them.
enum Timestamp {
    /// As `simctl list --json` prints `lastBootedAt`: `2022-06-07T11:34:18Z`.
    static func iso8601(_ date: Date) -> String {
        let parts = utcParts(date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year, parts.month, parts.day,
                      parts.hour, parts.minute, parts.second)
    }

    /// As `NSDate`'s description (and so an old-style plist) prints: `2022-06-07 11:34:18 +0000`.
    static func description(_ date: Date) -> String {
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
