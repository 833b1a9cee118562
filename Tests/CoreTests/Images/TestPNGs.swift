import CPNG
import Foundation

/// PNGs written row by row with libpng's classic write API, for what the simplified writer in
/// ``TestImages`` cannot make cheaply: interlaced and 16-bit files, and images far larger than
/// the memory a test should take (the simplified writer needs the whole bitmap first).
///
/// libpng reports a writing error by `longjmp`, which Swift cannot catch; with no `setjmp` made
/// it aborts (libpng-manual.txt, "Setup"). Every call here passes valid values, so a failure is
/// a broken test, as a trapped `precondition` would be.
enum TestPNGs {
    /// How the file stores its pixels.
    struct Layout {
        var width: Int
        var height: Int
        /// `PNG_COLOR_TYPE_GRAY`, `_RGB`, `_RGB_ALPHA`, `_GRAY_ALPHA` or `_PALETTE`.
        var colourType: Int32 = PNG_COLOR_TYPE_RGB
        var bitDepth: Int32 = 8
        var interlaced = false
        /// zlib's level: 1 writes a 100-megapixel image of one colour in a fraction of a second.
        var compressionLevel: Int32 = 6
        /// `zTXt` chunks before the image data, each inflating to this many bytes of text.
        var textChunks: (count: Int, inflatedBytes: Int) = (0, 0)
    }

    /// A PNG of `layout` whose row `y` holds the bytes `row(y)` (filter bytes excluded; a
    /// palette file gets a grey palette of as many entries as its bit depth can index).
    static func png(_ layout: Layout, row: (Int) -> [UInt8]) -> Data {
        let sink = Sink()
        let png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, nil, nil)
        var info = png_create_info_struct(png)
        png_set_write_fn(png, Unmanaged.passUnretained(sink).toOpaque(), { png, bytes, count in
            guard let bytes, let io = png_get_io_ptr(png) else { return }
            Unmanaged<Sink>.fromOpaque(io).takeUnretainedValue().bytes.append(bytes, count: count)
        }, nil)
        png_set_compression_level(png, layout.compressionLevel)
        png_set_IHDR(png, info, UInt32(layout.width), UInt32(layout.height), layout.bitDepth, layout.colourType,
                     layout.interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT)
        if layout.colourType == PNG_COLOR_TYPE_PALETTE {
            let count = 1 << layout.bitDepth
            var palette = (0..<count).map { png_color(red: UInt8($0 * 255 / (count - 1)), green: UInt8($0 * 255 / (count - 1)),
                                                      blue: UInt8($0 * 255 / (count - 1))) }
            png_set_PLTE(png, info, &palette, Int32(count))
        }
        let text = [CChar](repeating: 0x41, count: layout.textChunks.inflatedBytes)
        let keys = (0..<layout.textChunks.count).map { strdup("Comment \($0)") }
        defer { keys.forEach { free($0) } }
        text.withUnsafeBufferPointer { characters in
            var chunks = keys.map { key in
                png_text(compression: PNG_TEXT_COMPRESSION_zTXt, key: key, text: UnsafeMutablePointer(mutating: characters.baseAddress),
                         text_length: characters.count, itxt_length: 0, lang: nil, lang_key: nil)
            }
            if !chunks.isEmpty { png_set_text(png, info, &chunks, Int32(chunks.count)) }
        }
        png_write_info(png, info)
        // Interlaced: every row once per pass; libpng keeps the pixels of each pass (libpng-manual.txt).
        let passes = png_set_interlace_handling(png)
        for _ in 0..<passes {
            for y in 0..<layout.height {
                var bytes = row(y)
                png_write_row(png, &bytes)
            }
        }
        png_write_end(png, info)
        var writer: png_structp? = png
        png_destroy_write_struct(&writer, &info)
        return sink.bytes
    }

    /// A one-colour 8-bit grey PNG (one byte a pixel, compressed about a thousand to one).
    static func flatGray(width: Int, height: Int) -> Data {
        let row = [UInt8](repeating: 0x80, count: width)
        return png(Layout(width: width, height: height, colourType: PNG_COLOR_TYPE_GRAY, compressionLevel: 1)) { _ in row }
    }

    /// An 8x8 grey PNG whose header holds `count` `zTXt` chunks of `inflatedBytes` each: a few
    /// kilobytes on the disk, `count` x `inflatedBytes` for a reader that inflates its text.
    static func stuffedWithText(count: Int, inflatedBytes: Int) -> Data {
        let row = [UInt8](repeating: 0x80, count: 8)
        return png(Layout(width: 8, height: 8, colourType: PNG_COLOR_TYPE_GRAY, compressionLevel: 9,
                          textChunks: (count, inflatedBytes))) { _ in row }
    }

    /// Collects what libpng writes.
    private final class Sink {
        var bytes = Data()
    }
}
