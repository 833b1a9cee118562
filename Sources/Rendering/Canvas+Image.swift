import CRendering
import Core

/// Bitmaps: Core's decoded pixels drawn scaled into a box, keeping their aspect ratio.
extension Canvas {
    /// How a bitmap fills its box, as `UIView.ContentMode` names it.
    enum ImageFit {
        /// Stretched to the box (`scaleToFill`).
        case stretch
        /// The whole image, centred, letterboxed (`scaleAspectFit`).
        case fit
        /// The box covered, centred, the overflow cut off (`scaleAspectFill`).
        case fill
    }

    /// Draws `bitmap` aspect-fit in `rect` (centred, letterboxed), as a `UIImageView` with
    /// `.scaleAspectFit` does; returns the rectangle the pixels cover.
    @discardableResult
    func draw(_ bitmap: Bitmap, fittingIn rect: PointRect) throws(RenderingError) -> PointRect {
        try draw(bitmap, in: rect, fit: .fit)
    }

    /// Draws `bitmap` in `rect` as `fit` says; returns the rectangle the pixels cover.
    @discardableResult
    func draw(_ bitmap: Bitmap, in rect: PointRect, fit: ImageFit) throws(RenderingError) -> PointRect {
        let aspect = Double(bitmap.width) / Double(bitmap.height)
        let target: PointRect
        let clip: PointRect
        switch fit {
        case .stretch: (target, clip) = (rect, rect)
        case .fit: target = rect.fitting(aspect: aspect); clip = target
        case .fill: (target, clip) = (rect.filling(aspect: aspect), rect)
        }
        guard target.width > 0, target.height > 0, clip.width > 0, clip.height > 0 else { return clip }
        let step = Self.samplingStep(bitmap: bitmap, targetPixels: max(target.width, target.height) * Double(scale))
        let image = try imageSurface(of: bitmap, step: step)
        defer { photosim_cairo_surface_destroy(image) }
        let imageWidth = Double(photosim_cairo_image_surface_get_width(image))
        let imageHeight = Double(photosim_cairo_image_surface_get_height(image))
        photosim_cairo_save(context)
        defer { photosim_cairo_restore(context) }
        photosim_cairo_rectangle(context, clip.x, clip.y, clip.width, clip.height)
        photosim_cairo_clip(context)
        photosim_cairo_translate(context, target.x, target.y)
        photosim_cairo_scale(context, target.width / imageWidth, target.height / imageHeight)
        photosim_cairo_set_source_surface(context, image, 0, 0)
        photosim_cairo_pattern_set_filter(photosim_cairo_get_source(context), CAIRO_FILTER_GOOD)
        photosim_cairo_pattern_set_extend(photosim_cairo_get_source(context), CAIRO_EXTEND_PAD)
        photosim_cairo_paint(context)
        return clip
    }

    /// Every how many source pixels to read: a 12 MP photo shown at 260 pt is read at about
    /// twice the drawn size (cairo's filter smooths the rest), so drawing stays a few
    /// milliseconds and allocates nothing the size of the photo.
    static func samplingStep(bitmap: Bitmap, targetPixels: Double) -> Int {
        let longest = Double(max(bitmap.width, bitmap.height))
        return max(1, Int(longest / max(2 * targetPixels, 1)))
    }

    /// The bitmap as a cairo ARGB32 surface (premultiplied; in memory B, G, R, A on
    /// little-endian machines as cairo's native-endian 32-bit words), every `step`-th pixel.
    private func imageSurface(of bitmap: Bitmap, step: Int) throws(RenderingError) -> OpaquePointer {
        let width = (bitmap.width + step - 1) / step
        let height = (bitmap.height + step - 1) / step
        guard let image = photosim_cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              photosim_cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let data = photosim_cairo_image_surface_get_data(image) else {
            throw .drawingFailed(step: "a \(width)x\(height) image surface", reason: "out of memory")
        }
        photosim_cairo_surface_flush(image)
        let stride = Int(photosim_cairo_image_surface_get_stride(image))
        let bytesPerPixel = bitmap.format.bytesPerPixel
        bitmap.pixels.withUnsafeBufferPointer { source in
            for row in 0..<height {
                let sourceRow = row * step * bitmap.width
                let words = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width {
                    let offset = (sourceRow + column * step) * bytesPerPixel
                    words[column] = Self.premultipliedWord(source, offset: offset, format: bitmap.format)
                }
            }
        }
        photosim_cairo_surface_mark_dirty(image)
        return image
    }

    /// One pixel as cairo's premultiplied 0xAARRGGBB.
    private static func premultipliedWord(_ source: UnsafeBufferPointer<UInt8>, offset: Int, format: PixelFormat) -> UInt32 {
        switch format {
        case .gray:
            let gray = UInt32(source[offset])
            return 0xFF00_0000 | gray << 16 | gray << 8 | gray
        case .rgb:
            return 0xFF00_0000 | UInt32(source[offset]) << 16 | UInt32(source[offset + 1]) << 8 | UInt32(source[offset + 2])
        case .rgba:
            let alpha = UInt32(source[offset + 3])
            func times(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
            return alpha << 24 | times(source[offset]) << 16 | times(source[offset + 1]) << 8 | times(source[offset + 2])
        }
    }
}
