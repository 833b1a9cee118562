/// An amount of memory written with a unit: `300MB`, `1.5GB`, `512KB`, `4096B`.
///
/// Units are binary, as iOS's memory limits and Xcode's memory gauge count them:
/// `KB` = `KiB` = 1,024 bytes, `MB` = `MiB` = 1,024², `GB` = `GiB` = 1,024³.
public struct ByteSize: Hashable, Sendable, CustomStringConvertible {
    /// The amount in bytes.
    public let bytes: Int64

    public init(bytes: Int64) {
        self.bytes = bytes
    }

    /// The largest amount a scenario may name: 1 TiB.
    public static let maximumBytes: Int64 = 1 << 40

    static let units: [(suffix: String, bytes: Int64)] = [
        ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30),
        ("KB", 1 << 10), ("MB", 1 << 20), ("GB", 1 << 30), ("B", 1),
    ]

    /// Reads a number (whole or with a decimal point) followed by `B`, `KB`, `MB`, `GB` (or the
    /// `KiB` spellings); nil for anything else, for zero, or over ``maximumBytes``.
    public init?(parsing text: String) {
        for unit in Self.units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
                  let amount = Double(number), amount > 0 else { return nil }
            let total = (amount * Double(unit.bytes)).rounded()
            guard total >= 1, total <= Double(Self.maximumBytes) else { return nil }
            self.init(bytes: Int64(total))
            return
        }
        return nil
    }

    /// The amount in the largest binary unit that divides it (`300MB`, `1536KB`, `10B`).
    public var description: String {
        for unit in [("GB", Int64(1 << 30)), ("MB", 1 << 20), ("KB", 1 << 10)] where bytes % unit.1 == 0 {
            return "\(bytes / unit.1)\(unit.0)"
        }
        return "\(bytes)B"
    }
}
