import CPNG
import Foundation

/// PNG bytes from pixels, by libpng's simplified API (`png_image_write_to_memory`): IHDR, sRGB,
/// IDAT and IEND, no `tIME` or text chunk, so the same pixels give the same bytes.
public enum PNGEncoder {
    /// `bitmap` as a PNG (grey, RGB or RGBA as the bitmap is).
    public static func encode(_ bitmap: Bitmap) throws(ImageError) -> Data {
        let format: UInt32
        switch bitmap.format {
        case .gray: format = 0
        case .rgb: format = UInt32(PNG_FORMAT_FLAG_COLOR)
        case .rgba: format = UInt32(PNG_FORMAT_FLAG_COLOR) | UInt32(PNG_FORMAT_FLAG_ALPHA)
        }
        let result: Result<Data, ImageError> = bitmap.pixels.withUnsafeBytes { pixels in
            Result { () throws(ImageError) -> Data in
                try encode(pixels: pixels.baseAddress!, width: bitmap.width, height: bitmap.height,
                           stride: bitmap.width * bitmap.format.bytesPerPixel, format: format, fast: false)
            }
        }
        return try result.get()
    }

    /// Pixels laid out in memory as libpng's `format` (`PNG_FORMAT_…`), `stride` bytes a row;
    /// `fast` asks zlib for speed over size (`PNG_IMAGE_FLAG_FAST`).
    public static func encode(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, format: UInt32,
                              fast: Bool) throws(ImageError) -> Data {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        image.flags = fast ? UInt32(PNG_IMAGE_FLAG_FAST) : 0
        defer { png_image_free(&image) }
        var size: png_alloc_size_t = 0
        guard png_image_write_to_memory(&image, nil, &size, 0, pixels, Int32(stride), nil) != 0 else {
            throw .encodingFailed(reason: "sizing the PNG: \(message(of: image))")
        }
        var data = Data(count: Int(size))
        let written = data.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels, Int32(stride), nil)
        }
        guard written != 0 else { throw .encodingFailed(reason: "writing the PNG: \(message(of: image))") }
        return data.prefix(Int(size))
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
