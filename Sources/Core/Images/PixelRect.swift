/// A rectangle of whole pixels, from the top-left.
public struct PixelRect: Equatable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The largest rectangle of aspect ratio `aspectWidth` : `aspectHeight` that fits in
    /// `width` x `height`, centred (an aspect-fill crop).
    public static func centredCrop(width: Int, height: Int, aspectWidth: Int, aspectHeight: Int) -> PixelRect {
        precondition(width > 0 && height > 0 && aspectWidth > 0 && aspectHeight > 0, "sizes must be positive")
        var cropWidth = width, cropHeight = height
        if width * aspectHeight > height * aspectWidth {
            cropWidth = max(1, min(width, (height * aspectWidth + aspectHeight / 2) / aspectHeight))
        } else {
            cropHeight = max(1, min(height, (width * aspectHeight + aspectWidth / 2) / aspectWidth))
        }
        return PixelRect(x: (width - cropWidth) / 2, y: (height - cropHeight) / 2, width: cropWidth, height: cropHeight)
    }

    public var description: String { "\(width)x\(height) at (\(x), \(y))" }
}
