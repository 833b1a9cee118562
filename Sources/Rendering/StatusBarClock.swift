import Foundation

/// The status bar's time for a wall-clock date: `h:mm`, 12-hour with no AM/PM and no leading
/// zero, as iOS shows it in the `en_US` locale; in UTC, the simulator's time zone, so the same
/// date reads the same on every machine.
public enum StatusBarClock {
    public static func text(for date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let secondsToday = ((seconds % 86_400) + 86_400) % 86_400
        let hour = secondsToday / 3_600
        let minute = secondsToday % 3_600 / 60
        let twelveHour = hour % 12 == 0 ? 12 : hour % 12
        return "\(twelveHour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
