import CPNG
import CPNGRows
import Foundation

/// Decodes PNGs with libpng's simplified `png_image` API, and checks them row by row with its
/// classic API through `CPNGRows` (which makes the `setjmp` that API's errors `longjmp` to, as
/// Swift cannot).
///
/// Output is 8-bit sRGB, alpha not premultiplied: RGBA when the file has any alpha (an alpha
/// channel or a `tRNS` chunk), else RGB for colour files and gray for gray ones. 16-bit files
/// are reduced to 8 bits; untagged ones are taken to be sRGB, as viewers do.
enum PNGReader {
    static func decode(_ data: Data, limits: ImageLimits, meter: MemoryMeter?) throws(ImageError) -> Bitmap {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        // Frees libpng's state on every exit; harmless after finish_read has freed it already.
        defer { png_image_free(&image) }
        let began = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard began != 0, image.width > 0, image.height > 0 else { throw failure(image) }
        let width = Int(image.width), height = Int(image.height)
        try limits.check(width: width, height: height)

        let format = outputFormat(forFileFormat: image.format)
        image.format = pngFormat(for: format)
        // A 16-bit PNG without gAMA or sRGB chunk would be read as linear light (mid-grey 0x8080
        // coming out as 186); viewers read such files as sRGB, so say so (set after begin_read,
        // which fills `flags` from the file).
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        let byteCount = width * height * format.bytesPerPixel
        var finished: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            finished = png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
            initializedCount = finished != 0 ? byteCount : 0
        }
        guard finished != 0 else { throw failure(image) }
        return Bitmap(width: width, height: height, format: format, pixels: pixels, meter: meter)
    }

    /// The bitmap format for a file whose `png_image.format` is `fileFormat`.
    private static func outputFormat(forFileFormat fileFormat: UInt32) -> PixelFormat {
        if fileFormat & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0 { return .rgba }
        return fileFormat & UInt32(PNG_FORMAT_FLAG_COLOR) != 0 ? .rgb : .gray
    }

    private static func pngFormat(for format: PixelFormat) -> UInt32 {
        switch format {
        case .gray: return UInt32(PNG_FORMAT_GRAY)
        case .rgb: return UInt32(PNG_FORMAT_RGB)
        case .rgba: return UInt32(PNG_FORMAT_RGB | PNG_FORMAT_FLAG_ALPHA)
        }
    }

    /// The size and alpha from `IHDR` and `tRNS`, reading the chunks before the image data the
    /// way ``verify(_:limits:)`` does: text and other chunks that do not describe the image are
    /// skipped, not inflated, so a header stuffed with compressed text costs nothing here.
    static func probe(_ data: Data) throws(ImageError) -> ImageInfo {
        try withHeader(of: data) { reader throws(ImageError) in
            ImageInfo(format: .png, pixelWidth: Int(photosim_png_rows_width(reader)),
                      pixelHeight: Int(photosim_png_rows_height(reader)), orientation: .up, exif: nil,
                      hasAlpha: photosim_png_rows_has_alpha(reader) != 0)
        }
    }

    /// Reads every row of every pass into one row buffer, as ``decode(_:limits:meter:)`` reads
    /// them into the bitmap, and keeps nothing: the same rows and image chunks are read, so a cut
    /// or damaged file fails with the same error (libpng's transforms to 8-bit RGB(A), which the
    /// decode adds, only change pixel values; the text chunks the decode inflates and this skips
    /// only ever give warnings). The limit is checked on `IHDR`'s size before the row exists; the
    /// memory taken is libpng's own two rows, this one row and zlib's window.
    static func verify(_ data: Data, limits: ImageLimits) throws(ImageError) {
        try withHeader(of: data) { reader throws(ImageError) in
            try limits.check(width: Int(photosim_png_rows_width(reader)), height: Int(photosim_png_rows_height(reader)))
            guard photosim_png_rows_read_image(reader) != 0 else { throw failure(message: message(of: reader)) }
        }
    }

    /// What ``verify(_:limits:)`` takes beside the file, from `IHDR`: libpng's two rows (the one
    /// being unfiltered and the one before it, `png_read_start_row`) and this reader's one row,
    /// each `rowbytes` plus a filter byte and libpng's padding, and a fixed part: libpng's and
    /// zlib's state (zlib's 32 KB window, libpng's 8 KB IDAT buffer) and an `iCCP` profile, the
    /// one chunk libpng inflates whole here, which it caps at 8,000,000 bytes
    /// (`PNG_USER_CHUNK_MALLOC_MAX` in Debian's `pnglibconf.h`). Rows are at most 8 MB
    /// (libpng refuses widths over 1,000,000 pixels): a PNG never costs more than about 33 MB.
    static func verificationCost(of data: Data) throws(ImageError) -> VerificationCost {
        try withHeader(of: data) { reader throws(ImageError) in
            let rowBytes = photosim_png_rows_row_bytes(reader) + 64
            return VerificationCost(format: .png, kind: "PNG", pixelWidth: Int(photosim_png_rows_width(reader)),
                                    pixelHeight: Int(photosim_png_rows_height(reader)), bytesPerPixel: 0,
                                    fixedBytes: 3 * rowBytes + 8_000_000 + (1 << 20))
        }
    }

    /// Reads `data`'s header with `CPNGRows` and hands the reader to `body`.
    private static func withHeader<Result>(of data: Data,
                                           _ body: (OpaquePointer) throws(ImageError) -> Result) throws(ImageError) -> Result {
        let outcome: Swift.Result<Result, ImageError> = data.withUnsafeBytes { bytes in
            guard let reader = photosim_png_rows_create(bytes.baseAddress, bytes.count) else {
                return .failure(.corrupt(format: "PNG", reason: "out of memory"))
            }
            defer { photosim_png_rows_destroy(reader) }
            guard photosim_png_rows_read_header(reader) != 0 else { return .failure(failure(message: message(of: reader))) }
            return Swift.Result { () throws(ImageError) in try body(reader) }
        }
        return try outcome.get()
    }

    private static func message(of reader: OpaquePointer) -> String {
        let text = String(cString: photosim_png_rows_message(reader))
        return text.isEmpty ? "unreadable PNG header" : text
    }

    static func failure(_ image: png_image) -> ImageError {
        failure(message: ImageProbe.pngMessage(image))
    }

    /// libpng's memory reader says "read beyond end of data" when the file stops early (the
    /// simplified API's and `CPNGRows`' alike).
    static func failure(message: String) -> ImageError {
        if message.contains("beyond end of data") { return .truncated(format: "PNG") }
        return .corrupt(format: "PNG", reason: message)
    }
}
