import Platform

/// The status bar, navigation bar and tab bar.
extension ScreenRenderer {
    /// The time (left ear on Dynamic Island phones, centred on older phones, left on iPad) and
    /// a battery, over `background` when given.
    func drawStatusBar(time: String, in bounds: PointRect, color: RenderColor, background: RenderColor?, on canvas: Canvas) {
        let bar = PointRect(x: bounds.x, y: bounds.y, width: bounds.width, height: metrics.topInsetPoints)
        if let background { canvas.fill(bar, color: background) }
        let band = PointRect(x: bar.x, y: bar.y + (metrics.hasIsland ? 14 : 0), width: bar.width,
                             height: metrics.hasIsland ? 24 : bar.height)
        var style = Canvas.TextStyle(sizePoints: metrics.hasIsland ? 17 : 14, bold: true, color: color)
        let timeBox: PointRect
        if metrics.hasIsland {
            style.alignment = .center
            timeBox = PointRect(x: band.x + 16, y: band.y, width: band.width * 0.3, height: band.height)
        } else if metrics.isPad {
            timeBox = PointRect(x: band.x + 20, y: band.y, width: 120, height: band.height)
        } else {
            style.alignment = .center
            timeBox = PointRect(x: band.x, y: band.y, width: band.width, height: band.height)
        }
        canvas.draw(time, in: timeBox, style: style)
        drawBattery(rightEdge: band.maxX - (metrics.hasIsland ? 30 : 12), midY: band.midY, color: color, on: canvas)
    }

    private func drawBattery(rightEdge: Double, midY: Double, color: RenderColor, on canvas: Canvas) {
        let body = PointRect(x: rightEdge - 27, y: midY - 6, width: 25, height: 12)
        canvas.stroke(body, color: RenderColor(red: color.red, green: color.green, blue: color.blue, alpha: 0.4),
                      lineWidth: 1, cornerRadius: 3.5)
        canvas.fill(body.inset(horizontal: 2, vertical: 2), color: color, cornerRadius: 1.5)
        canvas.fill(PointRect(x: body.maxX + 1, y: midY - 2, width: 1.5, height: 4), color: color, cornerRadius: 0.75)
    }

    /// Title centred in bold; on the left the first bar button (when there are two, or it is a
    /// Cancel) or else the back button (chevron and the previous title); the others on the right.
    func drawNavigationBar(_ layer: DisplayLayer, in bar: PointRect, on canvas: Canvas) {
        canvas.fill(bar, color: .barBackground)
        canvas.horizontalLine(x: bar.x, y: bar.maxY, length: bar.width)
        var buttons = layer.elements.filter { $0.kind == .navigationButton }
        var leading: (title: String, isBack: Bool, isEnabled: Bool)?
        if buttons.count > 1 || buttons.first?.identifier == "cancel" {
            // A left bar button replaces the back button, as `leftBarButtonItem` does.
            let first = buttons.removeFirst()
            leading = (first.label, false, first.isEnabled)
        } else if let back = layer.backTitle {
            leading = (back, true, true)
        }
        let sideWidth = bar.width * 0.28
        canvas.draw(layer.title, in: PointRect(x: bar.x + sideWidth, y: bar.y, width: bar.width - 2 * sideWidth, height: bar.height),
                    style: Canvas.TextStyle(bold: true, alignment: .center))
        if let leading {
            var box = PointRect(x: bar.x + 8, y: bar.y, width: sideWidth - 8, height: bar.height)
            if leading.isBack {
                drawChevron(x: box.x + 2, midY: bar.midY, on: canvas)
                box = PointRect(x: box.x + 18, y: box.y, width: box.width - 18, height: box.height)
            }
            canvas.draw(leading.title, in: box, style: Canvas.TextStyle(color: leading.isEnabled ? .systemBlue : .disabled))
        }
        var right = bar.maxX - 16
        for button in buttons.reversed() {
            let width = min(sideWidth - 8, 90)
            let style = Canvas.TextStyle(bold: button.identifier == "done", color: button.isEnabled ? .systemBlue : .disabled,
                                         alignment: .right)
            canvas.draw(button.label, in: PointRect(x: right - width, y: bar.y, width: width, height: bar.height), style: style)
            right -= width + 8
        }
    }

    /// The back chevron “‹”, drawn as two strokes of a thick “<”.
    private func drawChevron(x: Double, midY: Double, on canvas: Canvas) {
        canvas.fillTriangle([(x, midY), (x + 10, midY - 10), (x + 12.5, midY - 7.5), (x + 5, midY)], color: .systemBlue)
        canvas.fillTriangle([(x, midY), (x + 5, midY), (x + 12.5, midY + 7.5), (x + 10, midY + 10)], color: .systemBlue)
    }

    /// The tab bar: one item per tab, the selected one blue, each with a round icon and its title.
    func drawTabBar(_ tabs: [DisplayTab], in bar: PointRect, on canvas: Canvas) {
        canvas.fill(bar, color: .barBackground)
        canvas.horizontalLine(x: bar.x, y: bar.y, length: bar.width)
        let itemWidth = bar.width / Double(tabs.count)
        for (index, tab) in tabs.enumerated() {
            let color: RenderColor = tab.isSelected ? .systemBlue : .secondaryLabel
            let item = PointRect(x: bar.x + Double(index) * itemWidth, y: bar.y, width: itemWidth, height: metrics.tabBarPoints)
            canvas.fillCircle(centerX: item.midX, centerY: item.y + 17, radius: 11, color: color)
            canvas.draw(String(tab.title.prefix(1)), in: PointRect(x: item.midX - 11, y: item.y + 6, width: 22, height: 22),
                        style: Canvas.TextStyle(sizePoints: 13, bold: true, color: .white, alignment: .center))
            canvas.draw(tab.title, in: PointRect(x: item.x, y: item.y + 31, width: item.width, height: 14),
                        style: Canvas.TextStyle(sizePoints: 10, color: color, alignment: .center))
        }
    }
}
