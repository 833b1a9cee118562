import Core
import Foundation

/// How a renderer's images are made (Apple: UIKit › UIGraphicsImageRendererFormat): the
/// default format has the main screen's scale and is not opaque.
open class UIGraphicsImageRendererFormat: NSObject {
    open var scale: CGFloat
    open var opaque = false

    public override init() {
        scale = UIScreen.main.scale
        super.init()
    }

    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context a renderer's actions draw into (Apple: UIKit › UIGraphicsImageRendererContext).
open class UIGraphicsImageRendererContext: NSObject {
    public let format: UIGraphicsImageRendererFormat
    let canvas: PixelCanvas

    init(format: UIGraphicsImageRendererFormat, canvas: PixelCanvas) {
        self.format = format
        self.canvas = canvas
        super.init()
    }

    /// Fills `rect` (in points) with the current fill colour (`UIColor.setFill()`).
    open func fill(_ rect: CGRect) {
        canvas.fill(rect, with: canvas.fillColor)
    }

    /// What has been drawn so far, as an image.
    open var currentImage: UIImage { canvas.image() }
}

/// Draws images (Apple: UIKit › UIGraphicsImageRenderer): `image(actions:)` runs the actions
/// with a canvas of `size` points at the format's scale as the current context, where
/// `UIImage.draw(in:)` and `draw(at:)` draw an image upright (its orientation applied, scaled
/// to the rectangle by Core's `Bitmap.scaled`), `UIColor.setFill()` with `UIRectFill(_:)` or the
/// context's `fill(_:)` fill a rectangle. A thumbnail:
///
/// ```swift
/// let thumbnail = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 60)).image { _ in
///     photo.draw(in: CGRect(x: 0, y: 0, width: 60, height: 60))
/// }
/// ```
open class UIGraphicsImageRenderer: NSObject {
    public let format: UIGraphicsImageRendererFormat
    private let size: CGSize

    public convenience init(size: CGSize) {
        self.init(size: size, format: .default())
    }

    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.size = size
        self.format = format
        super.init()
    }

    public convenience init(bounds: CGRect) {
        self.init(size: bounds.size, format: .default())
    }

    public convenience init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.init(size: bounds.size, format: format)
    }

    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let canvas = PixelCanvas(size: size, scale: format.scale, opaque: format.opaque)
        let context = UIGraphicsImageRendererContext(format: format, canvas: canvas)
        PixelCanvas.drawing(into: canvas) { actions(context) }
        return canvas.image()
    }

    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    open func jpegData(withCompressionQuality compressionQuality: CGFloat,
                       actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }
}

/// Fills `rect` of the current context with the current fill colour (Apple: `UIRectFill`).
public func UIRectFill(_ rect: CGRect) {
    guard let canvas = PixelCanvas.current else { return }
    canvas.fill(rect, with: canvas.fillColor)
}

extension UIColor {
    /// Makes this the colour `UIRectFill(_:)` and `fill(_:)` fill with in the current context
    /// (a context's state, as in Core Graphics: outside one it does nothing).
    public func setFill() { PixelCanvas.current?.fillColor = self }
    /// Makes this the colour of both fills and strokes in the current context.
    public func set() { PixelCanvas.current?.fillColor = self }
}

extension UIImage {
    /// Draws the image upright into `rect` (points) of the current context, scaled to it.
    public func draw(in rect: CGRect) {
        PixelCanvas.current?.draw(self, in: rect)
    }

    /// Draws the image upright at its size with its top left at `point`.
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }
}

/// The RGBA pixels a renderer draws into: source-over compositing of straight alpha.
///
/// The contexts being drawn into are a stack per thread, as UIKit keeps them (a renderer may
/// draw on any thread: UIGraphicsImageRenderer's documentation), and the fill colour is the
/// context's own, black at first, as Core Graphics keeps its graphics state.
final class PixelCanvas {
    private final class Stack { var canvases: [PixelCanvas] = [] }
    private static let threadKey = "PhotoSim.UIKit.PixelCanvas.stack"

    /// This thread's contexts, innermost last.
    private static var stack: Stack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[threadKey] as? Stack { return stack }
        let stack = Stack()
        dictionary[threadKey] = stack
        return stack
    }

    /// The context this thread draws into now.
    static var current: PixelCanvas? { stack.canvases.last }

    /// Runs `body` with `canvas` as this thread's current context.
    static func drawing<T>(into canvas: PixelCanvas, _ body: () throws -> T) rethrows -> T {
        stack.canvases.append(canvas)
        defer { stack.canvases.removeLast() }
        return try body()
    }

    var fillColor: UIColor = .black

    let width: Int
    let height: Int
    let scale: CGFloat
    let opaque: Bool
    var pixels: [UInt8]

    init(size: CGSize, scale: CGFloat, opaque: Bool) {
        self.scale = scale > 0 ? scale : 1
        width = max(1, Int((size.width * self.scale).rounded(.up)))
        height = max(1, Int((size.height * self.scale).rounded(.up)))
        self.opaque = opaque
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        if opaque { for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 } }
    }

    /// `rect` in points as whole pixels of the canvas, clipped to it.
    private func pixelRect(_ rect: CGRect) -> (x: Int, y: Int, width: Int, height: Int, fullX: Int, fullY: Int, fullWidth: Int, fullHeight: Int)? {
        let x = Int((rect.minX * scale).rounded()), y = Int((rect.minY * scale).rounded())
        let fullWidth = Int((rect.width * scale).rounded()), fullHeight = Int((rect.height * scale).rounded())
        guard fullWidth > 0, fullHeight > 0 else { return nil }
        let left = max(0, x), top = max(0, y)
        let right = min(width, x + fullWidth), bottom = min(height, y + fullHeight)
        guard right > left, bottom > top else { return nil }
        return (left, top, right - left, bottom - top, x, y, fullWidth, fullHeight)
    }

    func fill(_ rect: CGRect, with color: UIColor) {
        guard let area = pixelRect(rect) else { return }
        let source = [color.red, color.green, color.blue].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
        let alpha = UInt8((min(max(color.alpha, 0), 1) * 255).rounded())
        let width = width
        pixels.withUnsafeMutableBufferPointer { destination in
            for row in area.y..<(area.y + area.height) {
                for column in area.x..<(area.x + area.width) {
                    Self.blend(into: destination, at: (row * width + column) * 4, red: source[0], green: source[1], blue: source[2], alpha: alpha)
                }
            }
        }
    }

    func draw(_ image: UIImage, in rect: CGRect) {
        guard let area = pixelRect(rect), let bitmap = image.storedBitmap(coveringUpright: area.fullWidth, area.fullHeight) else { return }
        let upright = bitmap.oriented(image.imageOrientation.exif)
        let scaled = upright.scaled(toWidth: area.fullWidth, height: area.fullHeight)
        let channels = scaled.format.bytesPerPixel
        let format = scaled.format, sourceWidth = scaled.width, width = width
        // One access to each buffer for the whole copy: a pixel at a time through the arrays
        // would check exclusivity and uniqueness for every byte.
        scaled.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { destination in
                for row in area.y..<(area.y + area.height) {
                    let sourceRow = row - area.fullY
                    for column in area.x..<(area.x + area.width) {
                        let offset = (sourceRow * sourceWidth + (column - area.fullX)) * channels
                        let (red, green, blue, alpha): (UInt8, UInt8, UInt8, UInt8)
                        switch format {
                        case .gray: (red, green, blue, alpha) = (source[offset], source[offset], source[offset], 255)
                        case .rgb: (red, green, blue, alpha) = (source[offset], source[offset + 1], source[offset + 2], 255)
                        case .rgba: (red, green, blue, alpha) = (source[offset], source[offset + 1], source[offset + 2], source[offset + 3])
                        }
                        Self.blend(into: destination, at: (row * width + column) * 4, red: red, green: green, blue: blue, alpha: alpha)
                    }
                }
            }
        }
    }

    /// Source-over: the source's share is its alpha, the destination keeps the rest.
    private static func blend(into pixels: UnsafeMutableBufferPointer<UInt8>, at index: Int,
                              red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        if alpha == 255 {
            pixels[index] = red; pixels[index + 1] = green; pixels[index + 2] = blue; pixels[index + 3] = 255
            return
        }
        guard alpha > 0 else { return }
        let sourceAlpha = Int(alpha), destinationAlpha = Int(pixels[index + 3])
        let outAlpha = sourceAlpha + destinationAlpha * (255 - sourceAlpha) / 255
        guard outAlpha > 0 else { return }
        func mixed(_ value: UInt8, _ channel: Int) -> UInt8 {
            let mix = (Int(value) * sourceAlpha + Int(pixels[index + channel]) * destinationAlpha * (255 - sourceAlpha) / 255) / outAlpha
            return UInt8(min(255, mix))
        }
        (pixels[index], pixels[index + 1], pixels[index + 2]) = (mixed(red, 0), mixed(green, 1), mixed(blue, 2))
        pixels[index + 3] = UInt8(min(255, outAlpha))
    }

    func image() -> UIImage {
        let bitmap = Bitmap(width: width, height: height, format: .rgba, pixels: pixels)
        return UIImage(bitmap: bitmap, scale: scale, orientation: .up)
    }
}
