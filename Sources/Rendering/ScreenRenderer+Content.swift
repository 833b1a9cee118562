import Platform

/// A screen's elements, top to bottom, in the iOS inset-grouped table look: consecutive
/// cells, text fields and switches form a white rounded group; labels, buttons and images
/// stand on the grouped background.
extension ScreenRenderer {
    /// The horizontal margin of groups and free-standing text, in points.
    static let marginPoints = 16.0
    /// The space above and between groups.
    static let sectionGapPoints = 20.0

    /// Draws `layer`'s elements in `area` (clipped to it), below its navigation bar.
    func drawContent(_ layer: DisplayLayer, in area: PointRect, on canvas: Canvas) throws(RenderingError) {
        let shown = layer.elements.filter { $0.kind != .navigationButton && $0.kind != .tab }
        try canvas.clipped(to: area) { () throws(RenderingError) in
            var top = area.y + Self.sectionGapPoints
            var index = 0
            while index < shown.count, top < area.maxY {
                if Self.isRow(shown[index]) {
                    let end = shown[index...].firstIndex { !Self.isRow($0) } ?? shown.endIndex
                    top = try drawGroup(Array(shown[index..<end]), top: top, in: area, revealedDeleteKey: layer.revealedDeleteKey,
                                        on: canvas) + Self.sectionGapPoints
                    index = end
                } else {
                    top = try drawFreeStanding(shown[index], top: top, in: area, on: canvas)
                    index += 1
                }
            }
        }
    }

    /// Cells, text fields and switches: the elements a table row holds.
    static func isRow(_ element: Element) -> Bool {
        element.kind == .cell || element.kind == .textField || element.kind == .toggle
    }

    /// A row's height: its own, else 44, and tall enough for its image beside a label.
    static func rowHeight(of element: Element) -> Double {
        let standard = element.heightPoints ?? 44
        guard let image = element.image, !element.label.isEmpty || element.value != nil else { return standard }
        return element.heightPoints ?? max(standard, image.heightPoints + 8)
    }

    /// One white group of rows with separators; returns its bottom.
    private func drawGroup(_ rows: [Element], top: Double, in area: PointRect, revealedDeleteKey: String?,
                           on canvas: Canvas) throws(RenderingError) -> Double {
        let heights = rows.map(Self.rowHeight)
        let group = PointRect(x: area.x + Self.marginPoints, y: top, width: area.width - 2 * Self.marginPoints,
                              height: heights.reduce(0, +))
        canvas.fill(group, color: .cellBackground, cornerRadius: 10)
        try canvas.clipped(to: group, cornerRadius: 10) { () throws(RenderingError) in
            var rowTop = top
            for (row, height) in zip(rows, heights) {
                let frame = PointRect(x: group.x, y: rowTop, width: group.width, height: height)
                try drawRow(row, in: frame, on: canvas)
                if (row.identifier ?? row.label) == revealedDeleteKey, row.onDelete != nil { drawDeleteButton(in: frame, on: canvas) }
                if rowTop > top { canvas.horizontalLine(x: group.x + Self.marginPoints, y: rowTop, length: group.width - Self.marginPoints) }
                rowTop += height
            }
        }
        return group.maxY
    }

    /// One row: highlight, image, label, then the value, the field's text or the switch.
    private func drawRow(_ element: Element, in frame: PointRect, on canvas: Canvas) throws(RenderingError) {
        if element.isSelected { canvas.fill(frame, color: .selectedCell) }
        var textLeft = frame.x + Self.marginPoints
        if let image = element.image {
            if element.label.isEmpty && element.value == nil {
                let box = PointRect(x: frame.midX - image.widthPoints / 2, y: frame.midY - image.heightPoints / 2,
                                    width: image.widthPoints, height: image.heightPoints)
                try canvas.draw(image.bitmap, fittingIn: box)
                return
            }
            let side = min(image.heightPoints, frame.height - 8)
            let width = image.widthPoints * side / image.heightPoints
            try canvas.draw(image.bitmap, fittingIn: PointRect(x: textLeft, y: frame.midY - side / 2, width: width, height: side))
            textLeft += width + 12
        }
        let text = PointRect(x: textLeft, y: frame.y, width: frame.maxX - Self.marginPoints - textLeft, height: frame.height)
        switch element.kind {
        case .textField: drawTextField(element, in: text, frame: frame, on: canvas)
        case .toggle: drawToggle(element, in: text, on: canvas)
        default: drawCellText(element, in: text, on: canvas)
        }
    }

    private func drawCellText(_ element: Element, in text: PointRect, on canvas: Canvas) {
        let color: RenderColor = element.isEnabled ? .label : .disabled
        guard let value = element.value, !value.isEmpty else {
            canvas.draw(element.label, in: text, style: Canvas.TextStyle(color: color))
            return
        }
        if element.image != nil {
            let half = text.height / 2
            canvas.draw(element.label, in: PointRect(x: text.x, y: text.y + half - 22, width: text.width, height: 22),
                        style: Canvas.TextStyle(color: color))
            canvas.draw(value, in: PointRect(x: text.x, y: text.y + half, width: text.width, height: 20),
                        style: Canvas.TextStyle(sizePoints: 15, color: .secondaryLabel))
            return
        }
        canvas.draw(element.label, in: PointRect(x: text.x, y: text.y, width: text.width * 0.5, height: text.height),
                    style: Canvas.TextStyle(color: color))
        canvas.draw(value, in: PointRect(x: text.x + text.width * 0.5, y: text.y, width: text.width * 0.5, height: text.height),
                    style: Canvas.TextStyle(color: .secondaryLabel, alignment: .right))
    }

    /// The field's text, or its label as the grey placeholder; a blue outline while editing.
    private func drawTextField(_ element: Element, in text: PointRect, frame: PointRect, on canvas: Canvas) {
        let value = element.value ?? ""
        if element.isFocused { canvas.stroke(frame, color: .systemBlue, lineWidth: 2, cornerRadius: 10) }
        canvas.draw(value.isEmpty ? element.label : value, in: text,
                    style: Canvas.TextStyle(color: value.isEmpty ? .placeholder : .label))
    }

    /// The label and a 51x31 pt switch, green and knob right when the value reads on.
    private func drawToggle(_ element: Element, in text: PointRect, on canvas: Canvas) {
        let isOn = ["1", "on", "true", "yes"].contains((element.value ?? "").lowercased())
        canvas.draw(element.label, in: PointRect(x: text.x, y: text.y, width: text.width - 60, height: text.height),
                    style: Canvas.TextStyle(color: element.isEnabled ? .label : .disabled))
        let track = PointRect(x: text.maxX - 51, y: text.midY - 15.5, width: 51, height: 31)
        canvas.fill(track, color: isOn ? .systemGreen : .separator, cornerRadius: 15.5)
        canvas.fillCircle(centerX: isOn ? track.maxX - 15.5 : track.x + 15.5, centerY: track.midY, radius: 13.5, color: .white)
    }

    /// The red Delete button a left swipe reveals, at the row's right end.
    private func drawDeleteButton(in frame: PointRect, on canvas: Canvas) {
        let button = PointRect(x: frame.maxX - 80, y: frame.y, width: 80, height: frame.height)
        canvas.fill(button, color: .systemRed)
        canvas.draw("Delete", in: button, style: Canvas.TextStyle(color: .white, alignment: .center))
    }

    /// A label (wrapped), a button (blue, centred) or an image (centred, aspect-fit); returns the next top.
    private func drawFreeStanding(_ element: Element, top: Double, in area: PointRect, on canvas: Canvas) throws(RenderingError) -> Double {
        let inner = area.inset(horizontal: Self.marginPoints + 4)
        switch element.kind {
        case .button:
            let frame = PointRect(x: inner.x, y: top, width: inner.width, height: element.heightPoints ?? 44)
            if element.isSelected { canvas.fill(frame, color: .selectedCell, cornerRadius: 10) }
            canvas.draw(element.label, in: frame,
                        style: Canvas.TextStyle(color: element.isEnabled ? .systemBlue : .disabled, alignment: .center))
            return frame.maxY + 8
        case .image:
            guard let image = element.image else { return top }
            let box = PointRect(x: area.midX - image.widthPoints / 2, y: top, width: image.widthPoints, height: image.heightPoints)
            try canvas.draw(image.bitmap, fittingIn: box)
            return box.maxY + 12
        default:
            let style = Canvas.TextStyle(color: element.isEnabled ? .label : .disabled, wraps: true)
            let text = [element.label, element.value ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
            let height = canvas.height(of: text, width: inner.width, style: style)
            canvas.draw(text, in: PointRect(x: inner.x, y: top, width: inner.width, height: height), style: style)
            return top + height + 12
        }
    }
}
