import CRendering
import CPNG
import Foundation

/// The finished canvas as PNG bytes, written by libpng's simplified API straight from cairo's
/// pixels.
///
/// The canvas is opaque, so its ARGB32 words carry alpha 255 throughout and are handed over as
/// they lie in memory (B, G, R, A on a little-endian machine): no copy, no conversion. The
/// write asks for speed (`PNG_IMAGE_FLAG_FAST`: lighter zlib compression), which takes a 3x
/// iPhone screen to about half the time cairo's own PNG writer takes. libpng writes IHDR, sRGB,
/// IDAT and IEND with no `tIME` or text chunk, so the same pixels give the same bytes;
/// `ScreenRendererTests` checks both.
extension Canvas {
    func pngData() throws(RenderingError) -> Data {
        photosim_cairo_surface_flush(surface)
        guard let pixels = photosim_cairo_image_surface_get_data(surface) else {
            throw .drawingFailed(step: "writing the PNG", reason: "the surface has no pixels")
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(photosim_cairo_image_surface_get_width(surface))
        image.height = UInt32(photosim_cairo_image_surface_get_height(surface))
        image.format = Self.memoryFormat
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        let stride = photosim_cairo_image_surface_get_stride(surface)
        var size: png_alloc_size_t = 0
        guard png_image_write_to_memory(&image, nil, &size, 0, pixels, stride, nil) != 0 else {
            throw .drawingFailed(step: "sizing the PNG", reason: Self.message(of: image))
        }
        var data = Data(count: Int(size))
        let written = data.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels, stride, nil)
        }
        png_image_free(&image)
        guard written != 0 else { throw .drawingFailed(step: "writing the PNG", reason: Self.message(of: image)) }
        return data.prefix(Int(size))
    }

    /// Cairo's ARGB32 word as libpng sees its bytes in memory.
    private static var memoryFormat: UInt32 {
        #if _endian(little)
        return UInt32(PNG_FORMAT_BGRA)
        #else
        return UInt32(PNG_FORMAT_ARGB)
        #endif
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
