import AppRuntime
import Core

/// An app process's screen, drawn from its view hierarchy: every element at its frame, back to
/// front, in the look its view has (`ScreenDrawing`, which UIKit answers a `draw` request with).
extension ScreenRenderer {
    /// Draws `drawing`: the window (black where no view covers it, as on iOS), each view's
    /// background and text, the images in their content mode, the bars UIKit draws, a system
    /// prompt over everything, the keyboard while a text field or text view has it, and the
    /// status bar on top.
    public func render(_ drawing: ScreenDrawing, statusBarTime: String) throws(RenderingError) -> Screenshot {
        let looks = Dictionary(drawing.looks.map { ($0.element, $0) }, uniquingKeysWith: { first, _ in first })
        var images: [Int: (bitmap: Bitmap, fit: Canvas.ImageFit)] = [:]
        for shown in drawing.images {
            guard let bitmap = try? ImageDecoder().decode(shown.png) else { continue }
            let fit: Canvas.ImageFit = switch shown.contentMode {
            case "scaleToFill": .stretch
            case "scaleAspectFill": .fill
            default: .fit
            }
            images[shown.element] = (bitmap, fit)
        }
        let context = TreeDrawing(looks: looks, images: images)
        return try draw { canvas throws(RenderingError) in
            canvas.fill(canvas.bounds, color: .black)
            try drawNode(drawing.tree, parent: nil, context: context, on: canvas)
            if drawing.tree.flattened.contains(where: { ($0.kind == "textField" || $0.kind == "textView") && $0.isFocused }) {
                drawKeyboard(on: canvas)
            }
            let isDark = drawing.tree.flattened.first { $0.kind == "navigationBar" } == nil
                && context.looks[drawing.tree.children.first?.id ?? -1]?.background == nil
            drawStatusBar(time: statusBarTime, in: canvas.bounds, color: isDark ? .white : .label, background: nil, on: canvas)
        }
    }

    /// What drawing one tree needs besides its nodes.
    struct TreeDrawing {
        let looks: [Int: ViewLook]
        let images: [Int: (bitmap: Bitmap, fit: Canvas.ImageFit)]
    }

    private func drawNode(_ node: ElementNode, parent: ElementNode?, context: TreeDrawing, on canvas: Canvas) throws(RenderingError) {
        guard node.frame.count == 4 else { return }
        let frame = PointRect(x: node.frame[0], y: node.frame[1], width: node.frame[2], height: node.frame[3])
        let look = context.looks[node.id]
        switch node.kind {
        case "navigationBar":
            // The bar's material reaches up behind the status bar.
            canvas.fill(PointRect(x: frame.x, y: 0, width: frame.width, height: frame.maxY), color: .barBackground)
            canvas.horizontalLine(x: frame.x, y: frame.maxY, length: frame.width)
        case "tabBar", "toolbar":
            // The bar's material reaches down behind the home indicator.
            canvas.fill(PointRect(x: frame.x, y: frame.y, width: frame.width, height: canvas.bounds.maxY - frame.y), color: .barBackground)
            canvas.horizontalLine(x: frame.x, y: frame.y, length: frame.width)
        case "alert":
            canvas.fill(canvas.bounds, color: .dimming)
            canvas.fill(frame, color: .sheetBackground, cornerRadius: 14)
        default:
            if let background = look?.background {
                canvas.fill(frame, color: Self.color(background), cornerRadius: look?.cornerRadius ?? 0)
            }
            // A selected row is highlighted.
            if node.kind == "cell", node.isSelected { canvas.fill(frame, color: .selectedCell) }
        }
        try drawContent(of: node, in: frame, look: look, parent: parent, context: context, on: canvas)
        for child in node.children {
            try drawNode(child, parent: node, context: context, on: canvas)
        }
        if node.kind == "cell", parent?.kind == "table" {
            canvas.horizontalLine(x: frame.x + 16, y: frame.maxY, length: max(frame.width - 16, 0))
        }
    }

    /// The text, control or image of one element.
    private func drawContent(of node: ElementNode, in frame: PointRect, look: ViewLook?, parent: ElementNode?,
                             context: TreeDrawing, on canvas: Canvas) throws(RenderingError) {
        let parentKind = parent?.kind
        switch node.kind {
        case "image":
            if let image = context.images[node.id] { try canvas.draw(image.bitmap, in: frame, fit: image.fit) }
        case "switch":
            let isOn = node.value == "1"
            let track = PointRect(x: frame.x, y: frame.midY - 15.5, width: 51, height: 31)
            canvas.fill(track, color: isOn ? .systemGreen : .separator, cornerRadius: 15.5)
            canvas.fillCircle(centerX: isOn ? track.maxX - 15.5 : track.x + 15.5, centerY: track.midY, radius: 13.5, color: .white)
        case "button" where look == nil && parentKind == "cell" && node.label == "Delete":
            // The Delete button a left swipe reveals.
            canvas.fill(frame, color: .systemRed)
            canvas.draw("Delete", in: frame, style: Canvas.TextStyle(color: .white, alignment: .center))
        case "button" where look == nil:
            // A bar button, a tab or a prompt's button: UIKit's own, drawn in its tint.
            let color: RenderColor = !node.isEnabled ? .disabled : parentKind == "tabBar" && !node.isSelected ? .secondaryLabel : .systemBlue
            let size: Double = parentKind == "tabBar" ? 10 : 17
            let box = parentKind == "tabBar" ? PointRect(x: frame.x, y: frame.y + 31, width: frame.width, height: 14) : frame
            canvas.draw(node.label ?? "", in: box, style: Canvas.TextStyle(sizePoints: size, color: color, alignment: .center))
        case "label" where look == nil:
            // A navigation bar's title or a prompt's texts.
            let isTitle = parentKind == "navigationBar" || (parentKind == "alert" && parent?.children.first?.id == node.id)
            canvas.draw(node.label ?? "", in: frame, style: Canvas.TextStyle(sizePoints: parentKind == "alert" && !isTitle ? 13 : 17,
                                                                             bold: isTitle, alignment: .center, wraps: parentKind == "alert"))
        default:
            guard let look, let text = look.text, !text.isEmpty else { return }
            var style = Canvas.TextStyle(sizePoints: look.fontSize ?? 17, bold: look.bold,
                                         color: look.textColor.map(Self.color) ?? .label, wraps: look.wraps)
            style.alignment = switch look.alignment {
            case "center": .center
            case "right": .right
            default: .left
            }
            if node.kind == "textView" {
                let height = min(canvas.height(of: text, width: frame.width - 10, style: style), frame.height)
                canvas.draw(text, in: PointRect(x: frame.x + 5, y: frame.y + 8, width: frame.width - 10, height: height), style: style)
            } else {
                canvas.draw(text, in: frame, style: style)
            }
        }
    }

    private static func color(_ components: [Double]) -> RenderColor {
        guard components.count == 4 else { return .label }
        return RenderColor(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }
}
