/// A span of virtual time written with a unit: `250ms`, `2s`, `5m`, `1h`.
public struct ScenarioDuration: Hashable, Sendable, CustomStringConvertible {
    /// The span in whole milliseconds.
    public let milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// The longest span a scenario may name: 366 days.
    public static let maximumMilliseconds: Int64 = 366 * 24 * 3_600_000

    /// Milliseconds per unit, as written after the number.
    static let units: [(suffix: String, milliseconds: Int64)] = [
        ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000),
    ]

    /// Reads `250ms`, `2s`, `5m` or `1h` (a whole number, then the unit); nil for anything else
    /// or a span longer than ``maximumMilliseconds``.
    public init?(parsing text: String) {
        for unit in Self.units.sorted(by: { $0.suffix.count > $1.suffix.count }) where text.hasSuffix(unit.suffix) {
            let digits = text.dropLast(unit.suffix.count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), digits.count <= 12,
                  let count = Int64(digits) else { return nil }
            let (total, overflow) = count.multipliedReportingOverflow(by: unit.milliseconds)
            guard !overflow, total <= Self.maximumMilliseconds else { return nil }
            self.init(milliseconds: total)
            return
        }
        return nil
    }

    /// The span in the largest unit that divides it (`1h`, `90s`, `250ms`).
    public var description: String {
        for unit in Self.units.reversed() where milliseconds % unit.milliseconds == 0 && milliseconds > 0 {
            return "\(milliseconds / unit.milliseconds)\(unit.suffix)"
        }
        return "\(milliseconds)ms"
    }
}

extension Character {
    /// Whether this is one of `0`…`9`.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
