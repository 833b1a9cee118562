import CCairo
import CPangoCairo

/// Text: one Pango layout per string, set in the ``FontLibrary``'s family.
extension Canvas {
    /// How a line of text sits in its box.
    enum TextAlignment {
        case left
        case center
        case right
    }

    /// How a piece of text is set.
    struct TextStyle {
        var sizePoints: Double = 17
        var bold = false
        var color: RenderColor = .label
        var alignment: TextAlignment = .left
        /// Wrap onto more lines (labels, messages) instead of ending with “…”.
        var wraps = false

        static let body = TextStyle()
    }

    /// Draws `text` in `rect`, centred vertically; returns the height it took in points.
    @discardableResult
    func draw(_ text: String, in rect: PointRect, style: TextStyle) -> Double {
        guard !text.isEmpty, rect.width > 0, let layout = makeLayout(text, width: rect.width, style: style) else { return 0 }
        defer { photosim_object_unref(UnsafeMutableRawPointer(layout)) }
        let height = layoutHeight(layout)
        cairo_move_to(context, rect.x, rect.y + max((rect.height - height) / 2, 0))
        setColor(style.color)
        pango_cairo_show_layout(context, layout)
        return height
    }

    /// The height `text` takes when set in `width` points.
    func height(of text: String, width: Double, style: TextStyle) -> Double {
        guard !text.isEmpty, width > 0, let layout = makeLayout(text, width: width, style: style) else { return 0 }
        defer { photosim_object_unref(UnsafeMutableRawPointer(layout)) }
        return layoutHeight(layout)
    }

    private func makeLayout(_ text: String, width: Double, style: TextStyle) -> OpaquePointer? {
        guard let layout = pango_layout_new(textContext), let font = pango_font_description_new() else { return nil }
        defer { pango_font_description_free(font) }
        pango_font_description_set_family(font, FontLibrary.family)
        pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(font, style.sizePoints * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        if style.wraps {
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        } else {
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        switch style.alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    private func layoutHeight(_ layout: OpaquePointer) -> Double {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return Double(height) / Double(PANGO_SCALE)
    }
}
