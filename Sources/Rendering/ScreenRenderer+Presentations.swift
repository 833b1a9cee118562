import Platform

/// Presented screens: sheets as cards over a dimmed window, covers, popovers as bubbles,
/// action sheets and alerts as UIKit lays them out.
extension ScreenRenderer {
    func drawPresentation(_ presentation: DisplayPresentation, time: String, on canvas: Canvas) throws(RenderingError) {
        let look = PresentationLook(styleName: presentation.styleName)
        let alert = presentation.alert ?? DisplayAlert(title: nil, message: nil, actions: [])
        switch look {
        case .cover:
            canvas.fill(canvas.bounds, color: .groupedBackground)
            try drawCard(presentation.layer, in: canvas.bounds.below(metrics.topInsetPoints), on: canvas)
            drawStatusBar(time: time, in: canvas.bounds, color: .label, background: .barBackground, on: canvas)
        case .sheet:
            canvas.fill(canvas.bounds, color: .dimming)
            try drawCard(presentation.layer, in: sheetFrame(styleName: presentation.styleName), cornerRadius: 10, on: canvas)
        case .popover:
            if presentation.alert != nil {
                drawPopoverActions(alert, on: canvas)
            } else {
                try drawPopover(presentation.layer, on: canvas)
            }
        case .actionSheet:
            canvas.fill(canvas.bounds, color: .dimming)
            drawActionSheet(alert, on: canvas)
        case .alert:
            canvas.fill(canvas.bounds, color: .dimming)
            drawAlert(alert, on: canvas)
        }
    }

    /// A sheet's card: on a phone the whole width from just below the status bar; on iPad a
    /// form sheet is 540x620 pt and a page sheet 704 pt wide, both centred (UIKit's sizes in
    /// portrait).
    private func sheetFrame(styleName: String) -> PointRect {
        let bounds = metrics.bounds
        guard metrics.isPad else { return bounds.below(metrics.topInsetPoints + 10) }
        let width = min(styleName == "formSheet" ? 540 : 704, bounds.width)
        let height = styleName == "formSheet" ? min(620, bounds.height) : bounds.height - metrics.topInsetPoints - 40
        let top = styleName == "formSheet" ? (bounds.height - height) / 2 : metrics.topInsetPoints + 20
        return PointRect(x: (bounds.width - width) / 2, y: top, width: width, height: height)
    }

    /// A screen in its own frame: grouped background, navigation bar at the top, content below.
    private func drawCard(_ layer: DisplayLayer, in frame: PointRect, cornerRadius: Double = 0, on canvas: Canvas) throws(RenderingError) {
        try canvas.clipped(to: frame, cornerRadius: cornerRadius) { () throws(RenderingError) in
            canvas.fill(frame, color: .groupedBackground)
            let bar = PointRect(x: frame.x, y: frame.y, width: frame.width, height: metrics.navigationBarPoints)
            try drawContent(layer, in: frame.below(bar.maxY), on: canvas)
            drawNavigationBar(layer, in: bar, on: canvas)
        }
    }

    /// A popover bubble (320 pt wide, arrow up) below the navigation bar, centred.
    private func popoverFrame(contentHeight: Double) -> PointRect {
        let width = min(320, metrics.widthPoints - 40)
        let top = metrics.topInsetPoints + metrics.navigationBarPoints + 12
        let height = min(contentHeight, metrics.heightPoints - top - 40)
        return PointRect(x: (metrics.widthPoints - width) / 2, y: top, width: width, height: height)
    }

    private func drawBubble(_ frame: PointRect, on canvas: Canvas) {
        let shadow = RenderColor(hex: 0x000000, alpha: 0.15)
        canvas.fill(PointRect(x: frame.x - 1, y: frame.y - 1, width: frame.width + 2, height: frame.height + 2), color: shadow,
                    cornerRadius: 14)
        canvas.fillTriangle([(frame.midX - 13, frame.y + 1), (frame.midX, frame.y - 12), (frame.midX + 13, frame.y + 1)],
                            color: .sheetBackground)
        canvas.fill(frame, color: .sheetBackground, cornerRadius: 13)
    }

    private func drawPopover(_ layer: DisplayLayer, on canvas: Canvas) throws(RenderingError) {
        let rows = layer.elements.filter { $0.kind != .navigationButton && $0.kind != .tab }
        let content = rows.map { Self.isRow($0) ? Self.rowHeight(of: $0) : 52 }.reduce(0, +)
        let frame = popoverFrame(contentHeight: metrics.navigationBarPoints + 2 * Self.sectionGapPoints + max(content, 88))
        drawBubble(frame, on: canvas)
        try drawCard(layer, in: frame, cornerRadius: 13, on: canvas)
    }

    /// An action sheet in a popover: its actions without the cancel one (iPad shows none;
    /// tapping outside cancels), title and message above.
    private func drawPopoverActions(_ alert: DisplayAlert, on canvas: Canvas) {
        let actions = alert.actions.filter { $0.style != .cancel }
        let header = headerHeight(alert, width: min(320, metrics.widthPoints - 40) - 32, on: canvas)
        let frame = popoverFrame(contentHeight: header + Double(actions.count) * 57)
        drawBubble(frame, on: canvas)
        drawButtonGroup(DisplayAlert(title: alert.title, message: alert.message, actions: actions), in: frame, on: canvas)
    }
}
