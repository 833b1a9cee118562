import CPNG
import Foundation

/// Decodes PNGs with libpng's simplified `png_image` API (the only one Swift can use: the classic
/// API reports errors with `longjmp`).
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

    /// libpng's memory reader says "read beyond end of data" when the file stops early.
    static func failure(_ image: png_image) -> ImageError {
        let message = ImageProbe.pngMessage(image)
        if message.contains("beyond end of data") { return .truncated(format: "PNG") }
        return .corrupt(format: "PNG", reason: message)
    }
}
