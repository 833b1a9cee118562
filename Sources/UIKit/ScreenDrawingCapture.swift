import AppChannel
import Core
import Foundation

/// What the simulator needs to draw the screen (`simctl io screenshot`): the look of each view
/// of the last element tree, from the properties the app set (`backgroundColor`, a label's
/// `text`, `textColor`, `font` and `textAlignment` ...), and the images its image views show.
/// Taken only when the simulator asks (`HostMessage.draw`), never on an ordinary step.
enum ScreenDrawingCapture {
    /// The window as drawn: its whole view hierarchy (also what a modal view hides from the
    /// element tree, such as the screen under an alert), with the looks and images keyed by
    /// that tree's ids. Call before the step's own tree is captured: the capture after it sets
    /// what the step's element ids tap.
    static func capture() -> (tree: ElementNode, looks: [ViewLook], images: [ShownImage]) {
        let tree = ElementSnapshot.capture(hidingModalSiblings: false)
        var looks: [ViewLook] = []
        var images: [ShownImage] = []
        for (id, view) in ElementSnapshot.views.sorted(by: { $0.key < $1.key }) {
            if let look = look(of: view, element: id) { looks.append(look) }
            if let imageView = view as? UIImageView, let image = imageView.image, let shown = shownImage(image, in: imageView, element: id) {
                images.append(shown)
            }
        }
        return (tree, looks, images)
    }

    private static func look(of view: UIView, element: Int) -> ViewLook? {
        var look = ViewLook(element: element, background: components(view.backgroundColor ?? defaultBackground(of: view)))
        look.cornerRadius = Double(view.drawnCornerRadius)
        switch view {
        case let label as UILabel:
            look.text = label.text
            look.textColor = components(label.textColor)
            setFont(label.font, on: &look)
            look.alignment = alignmentName(label.textAlignment)
            look.wraps = label.numberOfLines != 1
        case let button as UIButton:
            look.text = button.currentTitle
            look.textColor = components(button.isEnabled ? (button.tintColor ?? .systemBlue) : .systemGray)
            look.alignment = "center"
        case let field as UITextField:
            let text = field.text ?? ""
            look.text = text.isEmpty ? field.placeholder : text
            look.textColor = components(text.isEmpty ? .placeholderText : (field.textColor ?? .label))
            setFont(field.font, on: &look)
            look.alignment = alignmentName(field.textAlignment)
        case let textView as UITextView:
            look.text = textView.text
            look.textColor = components(textView.textColor ?? .label)
            setFont(textView.font, on: &look)
            look.alignment = alignmentName(textView.textAlignment)
            look.wraps = true
        default:
            break
        }
        return look.background == nil && look.text == nil ? nil : look
    }

    /// The backgrounds UIKit's own views have when the app set none: a table's (white when
    /// plain, grouped grey otherwise) and a cell's (white).
    private static func defaultBackground(of view: UIView) -> UIColor? {
        switch view {
        case let table as UITableView: return table.style == .plain ? .systemBackground : .systemGroupedBackground
        case is UITableViewCell: return .systemBackground
        default: return nil
        }
    }

    private static func setFont(_ font: UIFont?, on look: inout ViewLook) {
        guard let font else { return }
        look.fontSize = Double(font.pointSize)
        look.bold = font.weight.rawValue >= UIFont.Weight.semibold.rawValue
    }

    private static func alignmentName(_ alignment: NSTextAlignment) -> String {
        switch alignment {
        case .center: return "center"
        case .right: return "right"
        case .left, .justified, .natural: return "left"
        }
    }

    private static func components(_ color: UIColor?) -> [Double]? {
        guard let color, color.alpha > 0 else { return nil }
        return [Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha)]
    }

    /// The image upright, no larger than twice the view's size in pixels, as PNG.
    private static func shownImage(_ image: UIImage, in view: UIImageView, element: Int) -> ShownImage? {
        // Drawing happens outside the app (the render server's work on iOS): copies of the
        // pixels made for it are not the app's memory.
        guard let source = image.bitmap else { return nil }
        let unmetered = Bitmap(width: source.width, height: source.height, format: source.format, pixels: source.pixels)
        let upright = unmetered.oriented(image.imageOrientation.exif)
        guard upright.width > 0, upright.height > 0 else { return nil }
        let scale = UIScreen.main.scale
        let longestView = Double(max(view.bounds.width, view.bounds.height) * scale) * 2
        let longestImage = Double(max(upright.width, upright.height))
        let shrink = longestView > 0 ? min(1, longestView / longestImage) : 1
        let drawn = shrink < 1
            ? upright.scaled(toWidth: max(1, Int(Double(upright.width) * shrink)), height: max(1, Int(Double(upright.height) * shrink)))
            : upright
        guard let png = try? PNGEncoder.encode(drawn) else { return nil }
        return ShownImage(element: element, png: png, contentMode: String(describing: view.contentMode))
    }
}
