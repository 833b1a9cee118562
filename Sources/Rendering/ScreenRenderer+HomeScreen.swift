import Foundation
import World

/// The home screen: wallpaper, status bar and a grid of the installed apps.
extension ScreenRenderer {
    /// Draws the home screen with `appNames` (display names, in the order given; the caller
    /// sorts) in a grid of 4 columns on phones, 6 on iPad, and `time` in the status bar.
    /// Each icon is a rounded square coloured from its name (FNV-1a, the same on every
    /// machine) with the name's first letter; the name is written below it.
    public func renderHomeScreen(appNames: [String], statusBarTime time: String) throws(RenderingError) -> Screenshot {
        try draw { canvas in
            canvas.fillGradient(canvas.bounds, top: RenderColor(hex: 0x2B5876), bottom: RenderColor(hex: 0x4E4376))
            drawStatusBar(time: time, in: canvas.bounds, color: .white, background: nil, on: canvas)
            let columns = metrics.isPad ? 6 : 4
            let icon = metrics.isPad ? 74.0 : 60.0
            let cellWidth = (metrics.widthPoints - 2 * 24) / Double(columns)
            let cellHeight = icon + 34
            let firstTop = metrics.topInsetPoints + 16
            for (index, name) in appNames.enumerated() {
                let row = Double(index / columns)
                let column = Double(index % columns)
                let cell = PointRect(x: 24 + column * cellWidth, y: firstTop + row * cellHeight, width: cellWidth, height: cellHeight)
                guard cell.maxY < metrics.heightPoints - metrics.bottomInsetPoints else { break }
                drawAppIcon(name, in: cell, iconPoints: icon, on: canvas)
            }
        }
    }

    private func drawAppIcon(_ name: String, in cell: PointRect, iconPoints icon: Double, on canvas: Canvas) {
        let square = PointRect(x: cell.midX - icon / 2, y: cell.y + 8, width: icon, height: icon)
        canvas.fill(square, color: Self.iconColor(of: name), cornerRadius: icon * 0.225)
        canvas.draw(String(name.prefix(1)).uppercased(), in: square,
                    style: Canvas.TextStyle(sizePoints: icon * 0.5, bold: true, color: .white, alignment: .center))
        canvas.draw(name, in: PointRect(x: cell.x + 2, y: square.maxY + 4, width: cell.width - 4, height: 16),
                    style: Canvas.TextStyle(sizePoints: 12, color: .white, alignment: .center))
    }

    /// A saturated colour picked by the name's FNV-1a hash.
    static func iconColor(of name: String) -> RenderColor {
        let palette: [UInt32] = [0xFF9500, 0x34C759, 0x007AFF, 0xAF52DE, 0xFF2D55, 0x5856D6, 0xFF3B30, 0x30B0C7]
        let hash = FNV1a64.hash(name.utf8)
        return RenderColor(hex: palette[Int(hash % UInt64(palette.count))])
    }
}
