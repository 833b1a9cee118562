import Core
import CPNG
import CRendering
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
        do throws(ImageError) {
            return try PNGEncoder.encode(pixels: pixels, width: Int(photosim_cairo_image_surface_get_width(surface)),
                                         height: Int(photosim_cairo_image_surface_get_height(surface)),
                                         stride: Int(photosim_cairo_image_surface_get_stride(surface)),
                                         format: Self.memoryFormat, fast: true)
        } catch {
            throw .drawingFailed(step: "writing the PNG", reason: error.description)
        }
    }

    /// Cairo's ARGB32 word as libpng sees its bytes in memory.
    private static var memoryFormat: UInt32 {
        #if _endian(little)
        return UInt32(PNG_FORMAT_BGRA)
        #else
        return UInt32(PNG_FORMAT_ARGB)
        #endif
    }
}
