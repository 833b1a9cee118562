/// The 64-bit FNV-1a hash (Fowler, Noll, Vo), folded one byte at a time.
///
/// The world uses it wherever a value must be the same in every process and on every machine:
/// deriving a stream's seed from its name and the trace's digest. Swift's `Hasher` is seeded per
/// process, so it must never be used for either.
///
/// ```swift
/// var hash = FNV1a64()
/// hash.combine("scheduler".utf8)
/// hash.value  // the same number in every run
/// ```
public struct FNV1a64: Sendable {
    /// The FNV-1a 64-bit offset basis.
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    /// The FNV 64-bit prime.
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of every byte combined so far.
    public private(set) var value = FNV1a64.offsetBasis

    public init() {}

    /// Folds `bytes` into the hash, in order.
    public mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* FNV1a64.prime
        }
    }

    /// The hash of `bytes` alone.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash = FNV1a64()
        hash.combine(bytes)
        return hash.value
    }

    /// The value as 16 lowercase hexadecimal digits.
    public var hexadecimal: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
