import Platform

/// The software keyboard, up while a text field is being edited.
extension ScreenRenderer {
    /// The keyboard's height above the bottom inset: 216 pt on phones, 313 on iPad (UIKit's
    /// English keyboard in portrait, without the suggestion bar).
    var keyboardHeightPoints: Double { metrics.isPad ? 313 : 216 }

    /// Draws the keyboard when the top layer has a focused text field.
    func drawKeyboardIfEditing(_ state: DisplayState, on canvas: Canvas) {
        let top = state.presentations.last?.layer ?? state.window
        guard top.elements.contains(where: { $0.kind == .textField && $0.isFocused }) else { return }
        drawKeyboard(on: canvas)
    }

    /// The keyboard at the bottom of the screen: three rows of letters and the space bar.
    func drawKeyboard(on canvas: Canvas) {
        let height = keyboardHeightPoints + metrics.bottomInsetPoints
        let frame = PointRect(x: 0, y: metrics.heightPoints - height, width: metrics.widthPoints, height: height)
        canvas.fill(frame, color: .keyboardBackground)
        let rows = ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]
        let rowHeight = keyboardHeightPoints / 4
        let keyWidth = (metrics.widthPoints - 6) / 10
        for (index, row) in rows.enumerated() {
            let rowWidth = keyWidth * Double(row.count)
            let left = (metrics.widthPoints - rowWidth) / 2
            for (column, letter) in row.enumerated() {
                let key = PointRect(x: left + keyWidth * Double(column) + 3, y: frame.y + rowHeight * Double(index) + 6,
                                    width: keyWidth - 6, height: rowHeight - 12)
                drawKey(String(letter), in: key, on: canvas)
            }
        }
        let space = PointRect(x: metrics.widthPoints * 0.25, y: frame.y + rowHeight * 3 + 6, width: metrics.widthPoints * 0.5,
                              height: rowHeight - 12)
        drawKey("space", in: space, on: canvas)
    }

    private func drawKey(_ title: String, in key: PointRect, on canvas: Canvas) {
        canvas.fill(key, color: .white, cornerRadius: 5)
        canvas.draw(title, in: key, style: Canvas.TextStyle(sizePoints: title.count == 1 ? 20 : 15, alignment: .center))
    }
}
