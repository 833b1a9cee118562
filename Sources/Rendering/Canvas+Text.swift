import CRendering

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
        photosim_cairo_move_to(context, rect.x, rect.y + max((rect.height - height) / 2, 0))
        setColor(style.color)
        photosim_pango_cairo_show_layout(context, layout)
        return height
    }

    /// The height `text` takes when set in `width` points.
    func height(of text: String, width: Double, style: TextStyle) -> Double {
        guard !text.isEmpty, width > 0, let layout = makeLayout(text, width: width, style: style) else { return 0 }
        defer { photosim_object_unref(UnsafeMutableRawPointer(layout)) }
        return layoutHeight(layout)
    }

    private func makeLayout(_ text: String, width: Double, style: TextStyle) -> OpaquePointer? {
        guard let layout = photosim_pango_layout_new(textContext), let font = photosim_pango_font_description_new() else { return nil }
        defer { photosim_pango_font_description_free(font) }
        photosim_pango_font_description_set_family(font, FontLibrary.family)
        photosim_pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        photosim_pango_font_description_set_absolute_size(font, style.sizePoints * Double(PANGO_SCALE))
        photosim_pango_layout_set_font_description(layout, font)
        photosim_pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        if style.wraps {
            photosim_pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        } else {
            photosim_pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        switch style.alignment {
        case .left: photosim_pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: photosim_pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: photosim_pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        photosim_pango_layout_set_text(layout, text, -1)
        return layout
    }

    private func layoutHeight(_ layout: OpaquePointer) -> Double {
        var width: Int32 = 0
        var height: Int32 = 0
        photosim_pango_layout_get_size(layout, &width, &height)
        return Double(height) / Double(PANGO_SCALE)
    }
}
