/// The 64-bit FNV-1a hash of text's UTF-8 bytes: the same number in every process and on every
/// machine (Swift's `Hasher` is seeded per process, so it is never used for seeds or shards).
enum StableHash {
    static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// FNV-1a 64 of `text`'s UTF-8 bytes.
    static func fnv1a64(_ text: String) -> UInt64 {
        var value = offsetBasis
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* prime }
        return value
    }
}
