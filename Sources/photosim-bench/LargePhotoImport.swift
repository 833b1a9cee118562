import Core
import Foundation
import Live
import Simulator

/// One `addmedia`-sized call of large photos: `copies` files of one 12-megapixel JPEG added to a
/// fresh media library in one `MediaLibrary.add`, timed, with the process's peak resident memory
/// during the call (`VmHWM` after resetting it to `VmRSS`), and the process's CPU time per photo
/// (which on n cores bounds the time per photo from below by CPU / n).
///
/// The photo is drawn here from a fixed pattern (smooth gradients plus a fixed-seed grain, so it
/// compresses like a camera photo) and encoded at quality ``jpegQuality``: about 2.9 MB at
/// 4032 x 3024, like a phone's 12 MP JPEG. Nothing is read from outside the benchmark.
enum LargePhotoImport {
    static let widthPixels = 4_032
    static let jpegQuality = 89

    struct Result {
        let millisecondsPerPhoto: Double
        /// Process CPU time (user and system, every thread) during the call, per photo.
        let cpuMillisecondsPerPhoto: Double
        let peakResidentBytes: Int
        let photoBytes: Int
    }

    /// Writes the copies to a temporary folder, adds them in one call and measures it.
    static func measure(copies: Int, widthPixels: Int, output: BenchmarkOutput) throws -> Result {
        try withTemporaryFolder(for: "media-large") { folder in
            output.progress("media: drawing a \(widthPixels)x\(widthPixels * 3 / 4) photo")
            let photo = try JPEGEncoder.encode(draw(widthPixels: widthPixels), quality: jpegQuality)
            let fileSystem = POSIXFileSystem()
            let paths = try (0..<copies).map { index in
                let path = folder.appendingPathComponent(String(format: "large-%03d.jpg", index))
                try fileSystem.writeAtomically(photo, to: path)
                return path
            }
            let library = try MediaLibrary(mediaFolder: folder.appendingPathComponent("Media"), fileSystem: fileSystem,
                                           clock: SystemClock(), random: SystemRandom())
            output.progress("media: adding \(copies) large photos in one call")
            var seconds = 0.0
            var cpuSeconds = 0.0
            let peak = try PeakMemory.highWaterMark {
                let cpuBefore = ProcessCPU.seconds()
                seconds = try Stopwatch.seconds {
                    let added = try library.add(paths.map(MediaSource.init(filePath:)))
                    precondition(added.count == copies, "the large import added \(added.count) photos")
                }
                cpuSeconds = ProcessCPU.seconds() - cpuBefore
            }
            return Result(millisecondsPerPhoto: seconds * 1e3 / Double(copies),
                          cpuMillisecondsPerPhoto: cpuSeconds * 1e3 / Double(copies),
                          peakResidentBytes: peak, photoBytes: photo.count)
        }
    }

    /// Diagonal colour gradients with a fixed-seed grain of +-12 levels.
    static func draw(widthPixels width: Int) -> Bitmap {
        let height = width * 3 / 4
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let random = SplitMix64(seed: 12)
        pixels.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            for y in 0..<height {
                for x in 0..<width {
                    let grain = Int(random.nextUInt64() % 25) - 12
                    buffer[index] = clamp(x * 255 / width + grain)
                    buffer[index + 1] = clamp(y * 255 / height + grain)
                    buffer[index + 2] = clamp((x + y) * 255 / (width + height) - grain)
                    index += 3
                }
            }
        }
        return Bitmap(width: width, height: height, format: .rgb, pixels: pixels)
    }

    private static func clamp(_ value: Int) -> UInt8 {
        UInt8(max(0, min(255, value)))
    }
}
