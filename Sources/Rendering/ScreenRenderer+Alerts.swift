import Platform

/// Alerts and action sheets (`UIAlertController`) and the system's permission prompts.
extension ScreenRenderer {
    /// The action sheet: title, message and actions in one group, the cancel action in its
    /// own group below, 8 pt from the screen's edges (57 pt buttons, 20 pt titles).
    func drawActionSheet(_ alert: DisplayAlert, on canvas: Canvas) {
        let width = metrics.widthPoints - 16
        let cancel = alert.actions.filter { $0.style == .cancel }
        let others = DisplayAlert(title: alert.title, message: alert.message, actions: alert.actions.filter { $0.style != .cancel })
        var bottom = metrics.heightPoints - max(metrics.bottomInsetPoints, 8)
        if !cancel.isEmpty {
            let frame = PointRect(x: 8, y: bottom - 57 * Double(cancel.count), width: width, height: 57 * Double(cancel.count))
            canvas.fill(frame, color: .sheetBackground, cornerRadius: 13)
            drawButtonGroup(DisplayAlert(title: nil, message: nil, actions: cancel), in: frame, on: canvas)
            bottom = frame.y - 8
        }
        let height = headerHeight(others, width: width - 32, on: canvas) + 57 * Double(others.actions.count)
        guard height > 0 else { return }
        let frame = PointRect(x: 8, y: bottom - height, width: width, height: height)
        canvas.fill(frame, color: RenderColor(hex: 0xF9F9F9), cornerRadius: 13)
        drawButtonGroup(others, in: frame, on: canvas)
    }

    /// The alert: a 270 pt box in the middle, bold title, message, then the buttons: two side
    /// by side, otherwise stacked (UIAlertController's layout).
    func drawAlert(_ alert: DisplayAlert, on canvas: Canvas) {
        let width = 270.0
        let textWidth = width - 32
        let titleHeight = alert.title.map { canvas.height(of: $0, width: textWidth, style: Self.alertTitleStyle) } ?? 0
        let messageHeight = alert.message.map { canvas.height(of: $0, width: textWidth, style: Self.alertMessageStyle) } ?? 0
        let sideBySide = alert.actions.count == 2
        let buttonsHeight = sideBySide ? 44 : 44 * Double(alert.actions.count)
        let height = 20 + titleHeight + (messageHeight > 0 ? 4 + messageHeight : 0) + 20 + buttonsHeight
        let frame = PointRect(x: (metrics.widthPoints - width) / 2, y: (metrics.heightPoints - height) / 2, width: width, height: height)
        canvas.fill(frame, color: RenderColor(hex: 0xF9F9F9), cornerRadius: 14)
        var top = frame.y + 20
        if let title = alert.title {
            canvas.draw(title, in: PointRect(x: frame.x + 16, y: top, width: textWidth, height: titleHeight), style: Self.alertTitleStyle)
            top += titleHeight + 4
        }
        if let message = alert.message {
            canvas.draw(message, in: PointRect(x: frame.x + 16, y: top, width: textWidth, height: messageHeight),
                        style: Self.alertMessageStyle)
        }
        let buttons = frame.below(frame.maxY - buttonsHeight)
        canvas.horizontalLine(x: buttons.x, y: buttons.y, length: buttons.width)
        for (index, action) in alert.actions.enumerated() {
            let button = sideBySide
                ? PointRect(x: buttons.x + Double(index) * width / 2, y: buttons.y, width: width / 2, height: 44)
                : PointRect(x: buttons.x, y: buttons.y + 44 * Double(index), width: width, height: 44)
            if index > 0 {
                if sideBySide {
                    canvas.fill(PointRect(x: button.x, y: button.y, width: 1 / Double(metrics.scale), height: 44), color: .separator)
                } else {
                    canvas.horizontalLine(x: button.x, y: button.y, length: button.width)
                }
            }
            canvas.draw(action.title, in: button.inset(horizontal: 8), style: Self.actionStyle(action, sizePoints: 17))
        }
    }

    /// Title and message (grey, centred) above a column of 57 pt action buttons with separators.
    func drawButtonGroup(_ alert: DisplayAlert, in frame: PointRect, on canvas: Canvas) {
        var top = frame.y
        let header = headerHeight(alert, width: frame.width - 32, on: canvas)
        if header > 0 {
            let style = Self.headerStyle
            var textTop = top + 14
            for text in [alert.title, alert.message].compactMap({ $0 }).filter({ !$0.isEmpty }) {
                let height = canvas.height(of: text, width: frame.width - 32, style: style)
                canvas.draw(text, in: PointRect(x: frame.x + 16, y: textTop, width: frame.width - 32, height: height), style: style)
                textTop += height + 2
            }
            top += header
        }
        for (index, action) in alert.actions.enumerated() {
            let button = PointRect(x: frame.x, y: top, width: frame.width, height: 57)
            if index > 0 || header > 0 { canvas.horizontalLine(x: button.x, y: button.y, length: button.width) }
            canvas.draw(action.title, in: button.inset(horizontal: 12), style: Self.actionStyle(action, sizePoints: 20))
            top += 57
        }
    }

    /// The height of an action sheet's title and message block (0 without either).
    func headerHeight(_ alert: DisplayAlert, width: Double, on canvas: Canvas) -> Double {
        let texts = [alert.title, alert.message].compactMap { $0 }.filter { !$0.isEmpty }
        guard !texts.isEmpty else { return 0 }
        let heights = texts.map { canvas.height(of: $0, width: width, style: Self.headerStyle) }
        return 28 + heights.reduce(0, +) + 2 * Double(texts.count - 1)
    }

    private static let headerStyle = Canvas.TextStyle(sizePoints: 13, bold: true, color: .secondaryLabel, alignment: .center,
                                                      wraps: true)
    private static let alertTitleStyle = Canvas.TextStyle(sizePoints: 17, bold: true, alignment: .center, wraps: true)
    private static let alertMessageStyle = Canvas.TextStyle(sizePoints: 13, alignment: .center, wraps: true)

    /// Blue for default, red for destructive, bold for cancel.
    private static func actionStyle(_ action: DisplayAction, sizePoints: Double) -> Canvas.TextStyle {
        Canvas.TextStyle(sizePoints: sizePoints, bold: action.style == .cancel,
                         color: action.style == .destructive ? .systemRed : .systemBlue, alignment: .center)
    }
}
