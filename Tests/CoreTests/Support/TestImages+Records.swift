@testable import Core
import Foundation

/// Bitmaps for the stores' tests: a smooth gradient and incompressible noise.
extension TestImages {
    /// A `width` x `height` RGB bitmap whose pixels vary with position (so resizes and crops show).
    static func gradient(width: Int, height: Int, meter: MemoryMeter? = nil) -> Bitmap {
        bitmap(width: width, height: height, meter: meter) { x, y in
            [UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1)), UInt8(truncatingIfNeeded: x ^ y)]
        }
    }

    /// Random-looking (high-entropy) pixels from a seed: compresses badly, so JPEGs come out large.
    static func noise(width: Int, height: Int, seed: UInt64) -> Bitmap {
        let random = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var index = 0
        while index < pixels.count {
            var bits = random.nextUInt64()
            for _ in 0..<8 where index < pixels.count {
                pixels[index] = UInt8(truncatingIfNeeded: bits)
                bits >>= 8
                index += 1
            }
        }
        return Bitmap(width: width, height: height, format: .rgb, pixels: pixels)
    }
}
