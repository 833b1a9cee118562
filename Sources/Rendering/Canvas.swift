import CRendering
import Foundation

/// A cairo drawing surface measured in points: shapes, text (Pango) and bitmaps, then a PNG.
///
/// The surface is ARGB32, painted opaque first, of the screen's pixel size; the context is
/// scaled by the screen scale, so every coordinate here is in points as UIKit's are. Text uses a
/// Pango context on the ``FontLibrary``'s font map with fixed options (no hinting, grey
/// antialiasing, unhinted metrics, 72 dpi so a size is in points), so layout does not depend on
/// the scale or on the machine's font settings.
final class Canvas {
    let widthPoints: Double
    let heightPoints: Double
    let scale: Int
    let surface: OpaquePointer
    let context: OpaquePointer
    let textContext: OpaquePointer

    /// A white canvas of `widthPoints` x `heightPoints` at `scale` pixels per point. Call only
    /// inside ``FontLibrary/withFontMap(_:)``: the text context uses the map.
    init(widthPoints: Double, heightPoints: Double, scale: Int, fontMap: OpaquePointer) throws(RenderingError) {
        let pixelWidth = Int32(widthPoints * Double(scale))
        let pixelHeight = Int32(heightPoints * Double(scale))
        guard let surface = photosim_cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight) else {
            throw .drawingFailed(step: "a \(pixelWidth)x\(pixelHeight) surface", reason: "out of memory")
        }
        let status = photosim_cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let context = photosim_cairo_create(surface) else {
            photosim_cairo_surface_destroy(surface)
            throw .drawingFailed(step: "a \(pixelWidth)x\(pixelHeight) surface", reason: Self.text(of: status))
        }
        guard let textContext = photosim_pango_font_map_create_context(fontMap) else {
            photosim_cairo_destroy(context)
            photosim_cairo_surface_destroy(surface)
            throw .drawingFailed(step: "a Pango context", reason: "out of memory")
        }
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        self.scale = scale
        self.surface = surface
        self.context = context
        self.textContext = textContext
        photosim_cairo_scale(context, Double(scale), Double(scale))
        configureText()
        fill(PointRect(x: 0, y: 0, width: widthPoints, height: heightPoints), color: .white)
    }

    deinit {
        photosim_object_unref(UnsafeMutableRawPointer(textContext))
        photosim_cairo_destroy(context)
        photosim_cairo_surface_destroy(surface)
    }

    var bounds: PointRect { PointRect(x: 0, y: 0, width: widthPoints, height: heightPoints) }

    /// Fixed font options, so the same text gives the same pixels wherever it is drawn.
    private func configureText() {
        guard let options = photosim_cairo_font_options_create() else { return }
        defer { photosim_cairo_font_options_destroy(options) }
        photosim_cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        photosim_cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        photosim_cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        photosim_cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        photosim_cairo_set_font_options(context, options)
        photosim_pango_cairo_context_set_font_options(textContext, options)
        photosim_pango_cairo_context_set_resolution(textContext, 72)
        photosim_pango_context_set_round_glyph_positions(textContext, 0)
        photosim_pango_cairo_update_context(context, textContext)
    }

    // MARK: - Shapes

    func fill(_ rect: PointRect, color: RenderColor, cornerRadius: Double = 0) {
        path(rect, cornerRadius: cornerRadius)
        setColor(color)
        photosim_cairo_fill(context)
    }

    func stroke(_ rect: PointRect, color: RenderColor, lineWidth: Double, cornerRadius: Double = 0) {
        path(rect.inset(horizontal: lineWidth / 2, vertical: lineWidth / 2), cornerRadius: cornerRadius)
        setColor(color)
        photosim_cairo_set_line_width(context, lineWidth)
        photosim_cairo_stroke(context)
    }

    /// A hairline from (`x`, `y`) `length` points to the right: a separator.
    func horizontalLine(x: Double, y: Double, length: Double, color: RenderColor = .separator) {
        fill(PointRect(x: x, y: y, width: length, height: 1 / Double(scale)), color: color)
    }

    func fillCircle(centerX: Double, centerY: Double, radius: Double, color: RenderColor) {
        photosim_cairo_new_path(context)
        photosim_cairo_arc(context, centerX, centerY, radius, 0, 2 * Double.pi)
        setColor(color)
        photosim_cairo_fill(context)
    }

    /// A filled triangle: a popover's arrow.
    func fillTriangle(_ points: [(x: Double, y: Double)], color: RenderColor) {
        photosim_cairo_new_path(context)
        for (index, point) in points.enumerated() {
            if index == 0 { photosim_cairo_move_to(context, point.x, point.y) } else { photosim_cairo_line_to(context, point.x, point.y) }
        }
        photosim_cairo_close_path(context)
        setColor(color)
        photosim_cairo_fill(context)
    }

    /// A vertical gradient over `rect`, from `top` to `bottom`.
    func fillGradient(_ rect: PointRect, top: RenderColor, bottom: RenderColor) {
        guard let gradient = photosim_cairo_pattern_create_linear(0, rect.y, 0, rect.maxY) else { return }
        defer { photosim_cairo_pattern_destroy(gradient) }
        photosim_cairo_pattern_add_color_stop_rgba(gradient, 0, top.red, top.green, top.blue, top.alpha)
        photosim_cairo_pattern_add_color_stop_rgba(gradient, 1, bottom.red, bottom.green, bottom.blue, bottom.alpha)
        path(rect, cornerRadius: 0)
        photosim_cairo_set_source(context, gradient)
        photosim_cairo_fill(context)
    }

    /// Limits drawing to `rect` (rounded) while `body` runs.
    func clipped(to rect: PointRect, cornerRadius: Double = 0, _ body: () throws(RenderingError) -> Void) throws(RenderingError) {
        photosim_cairo_save(context)
        defer { photosim_cairo_restore(context) }
        path(rect, cornerRadius: cornerRadius)
        photosim_cairo_clip(context)
        try body()
    }

    func setColor(_ color: RenderColor) {
        photosim_cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    private func path(_ rect: PointRect, cornerRadius: Double) {
        photosim_cairo_new_path(context)
        let radius = min(cornerRadius, rect.width / 2, rect.height / 2)
        guard radius > 0 else {
            photosim_cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
            return
        }
        let half = Double.pi / 2
        photosim_cairo_arc(context, rect.maxX - radius, rect.y + radius, radius, -half, 0)
        photosim_cairo_arc(context, rect.maxX - radius, rect.maxY - radius, radius, 0, half)
        photosim_cairo_arc(context, rect.x + radius, rect.maxY - radius, radius, half, 2 * half)
        photosim_cairo_arc(context, rect.x + radius, rect.y + radius, radius, 2 * half, 3 * half)
        photosim_cairo_close_path(context)
    }

    static func text(of status: cairo_status_t) -> String {
        guard let text = photosim_cairo_status_to_string(status) else { return "cairo status \(status.rawValue)" }
        return String(cString: text)
    }
}
