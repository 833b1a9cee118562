import CPNG
import Core
import Foundation
import Live
import Simulator

/// One `addmedia`-sized call of files that are small on the disk and just under the
/// 100-megapixel limit: PNGs of 9999 x 10000 (one grey, about 100 KB each) and GIFs of 44 bytes
/// whose 1 x 1 frame sits on a 9000 x 11000 screen, alternately, added to a fresh media library
/// in one `MediaLibrary.add`, with the process's peak resident memory during the call (`VmHWM`
/// after resetting it to `VmRSS`). Decoded whole, each would take 100 MB (PNG) or 396 MB (GIF);
/// the import's check reads them a row at a time. The files are complete, valid images made here.
enum BigHeaderImport {
    static let defaultCopies = 8

    struct Result {
        let peakResidentBytes: Int
        let milliseconds: Double
    }

    /// Writes the files to a temporary folder, adds them in one call and measures it.
    static func measure(copies: Int, output: BenchmarkOutput) throws -> Result {
        try withTemporaryFolder(for: "media-big-headers") { folder in
            output.progress("media: writing \(copies) near-limit PNG and GIF headers")
            let png = flatPNG(width: 9_999, height: 10_000), gif = bigScreenGIF(width: 9_000, height: 11_000)
            let fileSystem = POSIXFileSystem()
            let paths = try (0..<copies).map { index in
                let path = folder.appendingPathComponent(index.isMultiple(of: 2) ? "big-\(index).png" : "big-\(index).gif")
                try fileSystem.writeAtomically(index.isMultiple(of: 2) ? png : gif, to: path)
                return path
            }
            let library = try MediaLibrary(mediaFolder: folder.appendingPathComponent("Media"), fileSystem: fileSystem,
                                           clock: SystemClock(), random: SystemRandom())
            output.progress("media: adding \(copies) near-limit headers in one call")
            var seconds = 0.0
            let peak = try PeakMemory.highWaterMark {
                seconds = try Stopwatch.seconds {
                    let added = try library.add(paths.map(MediaSource.init(filePath:)))
                    precondition(added.count == copies, "the near-limit import added \(added.count) photos")
                }
            }
            return Result(peakResidentBytes: peak, milliseconds: seconds * 1e3)
        }
    }

    /// A one-colour 8-bit grey PNG written row by row with libpng's classic API at zlib level 1.
    /// Every value passed is valid: libpng aborts on an error it cannot `longjmp` from
    /// (libpng-manual.txt, "Setup"), which here would be a broken benchmark.
    static func flatPNG(width: Int, height: Int) -> Data {
        final class Sink { var bytes = Data() }
        let sink = Sink()
        let png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, nil, nil)
        var info = png_create_info_struct(png)
        png_set_write_fn(png, Unmanaged.passUnretained(sink).toOpaque(), { png, bytes, count in
            guard let bytes, let io = png_get_io_ptr(png) else { return }
            Unmanaged<Sink>.fromOpaque(io).takeUnretainedValue().bytes.append(bytes, count: count)
        }, nil)
        png_set_compression_level(png, 1)
        png_set_IHDR(png, info, UInt32(width), UInt32(height), 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT)
        png_write_info(png, info)
        var row = [UInt8](repeating: 0x80, count: width)
        for _ in 0..<height { png_write_row(png, &row) }
        png_write_end(png, info)
        var writer: png_structp? = png
        png_destroy_write_struct(&writer, &info)
        return sink.bytes
    }

    /// A GIF89a of 44 bytes: a `width` x `height` screen with a 2-colour table, one 1 x 1 frame
    /// (LZW minimum code size 2; the codes clear, index 1 and end at 3 bits each), the trailer.
    static func bigScreenGIF(width: Int, height: Int) -> Data {
        let codes = 4 | 1 << 3 | 5 << 6
        let screen = [width, height].flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        return Data("GIF89a".utf8) + Data(screen + [0x80, 0, 0, 0, 0, 0, 255, 255, 255,
                                                    0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, UInt8(codes & 0xFF),
                                                    UInt8(codes >> 8), 0, 0x3B])
    }
}
