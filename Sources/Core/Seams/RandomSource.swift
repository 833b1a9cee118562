import Foundation

/// Where Core draws randomness and fresh identifiers. Core never uses the global generator.
///
/// The command line passes a source backed by the system generator; the simulator passes a
/// ``SplitMix64`` seeded from the run's seed, so every choice can be replayed.
public protocol RandomSource: AnyObject {
    /// The next 64 uniformly distributed bits.
    func nextUInt64() -> UInt64
}

extension RandomSource {
    /// A value in `0..<upperBound`, without modulo bias (Lemire's multiply-and-reject).
    public func next(below upperBound: UInt64) -> UInt64 {
        precondition(upperBound > 0, "next(below:) needs a positive bound")
        while true {
            let product = nextUInt64().multipliedFullWidth(by: upperBound)
            if product.low >= (0 &- upperBound) % upperBound {
                return product.high
            }
        }
    }

    /// A version-4 (random) UUID built from 128 drawn bits (RFC 9562, section 5.4).
    public func makeUUID() -> UUID {
        let high = nextUInt64()
        let low = nextUInt64()
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
            bytes[index + 8] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood, "Fast splittable pseudorandom
/// number generators", OOPSLA 2014). Same seed, same sequence, on every platform.
public final class SplitMix64: RandomSource {
    private var state: UInt64

    public init(seed: UInt64) {
        self.state = seed
    }

    public func nextUInt64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
