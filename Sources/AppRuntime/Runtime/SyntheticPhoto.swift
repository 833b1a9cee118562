import Core
import Foundation

/// The camera's deterministic stand-in for a photo: a diagonal gradient whose colours come from
/// a seed stream, so the same seed takes the same picture.
public enum SyntheticPhoto {
    public static func make(width: Int, height: Int, random: RandomSource, meter: MemoryMeter?) -> Bitmap {
        let seed = random.nextUInt64()
        let base = (UInt8(truncatingIfNeeded: seed), UInt8(truncatingIfNeeded: seed >> 8), UInt8(truncatingIfNeeded: seed >> 16))
        let rowBytes = width * 3
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            for y in 0..<height {
                let shade = UInt8(truncatingIfNeeded: y * 255 / max(height - 1, 1))
                let row = y * rowBytes
                for x in 0..<width {
                    let across = UInt8(truncatingIfNeeded: x * 255 / max(width - 1, 1))
                    buffer[row + 3 * x] = base.0 &+ across
                    buffer[row + 3 * x + 1] = base.1 &+ shade
                    buffer[row + 3 * x + 2] = base.2 &+ (across >> 1) &+ (shade >> 1)
                }
            }
            count = rowBytes * height
        }
        return Bitmap(width: width, height: height, format: .rgb, pixels: pixels, meter: meter)
    }

    /// The photo as the JPEG file a camera writes (quality 90), for an app in its own process.
    public static func jpegData(width: Int, height: Int, random: RandomSource) throws(ImageError) -> Data {
        try JPEGEncoder.encode(make(width: width, height: height, random: random, meter: nil), quality: 90)
    }
}
