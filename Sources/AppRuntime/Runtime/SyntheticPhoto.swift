import AppChannel
import Core
import Foundation

/// The camera's deterministic stand-in for a photo (``AppChannel/SyntheticCameraImage``): a
/// diagonal gradient whose colours come from a seed stream, so the same seed takes the same
/// picture.
public enum SyntheticPhoto {
    /// The next picture of `random`, described: what an app process is sent to make itself.
    public static func next(width: Int, height: Int, random: RandomSource) -> SyntheticCameraImage {
        SyntheticCameraImage(width: width, height: height, seed: random.nextUInt64())
    }

    public static func make(width: Int, height: Int, random: RandomSource, meter: MemoryMeter?) -> Bitmap {
        let image = next(width: width, height: height, random: random)
        return Bitmap(width: width, height: height, format: .rgb, pixels: image.rgbPixels(), meter: meter)
    }
}
