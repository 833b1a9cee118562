/// The box a thumbnail is made for: a size in points, as a view is laid out, times the screen scale.
///
/// ```swift
/// let cell = ThumbnailSize(points: 52, scale: 3)   // a 52 x 52 pt image view: a 156 x 156 px box
/// ```
public struct ThumbnailSize: Equatable, Sendable, CustomStringConvertible {
    public var widthPoints: Int
    public var heightPoints: Int
    /// Pixels per point: 2 or 3 on current iPhones.
    public var scale: Int

    /// Sizes and scale below 1 are programmer errors (trap).
    public init(widthPoints: Int, heightPoints: Int, scale: Int) {
        precondition(widthPoints > 0 && heightPoints > 0, "a thumbnail needs a positive size, got \(widthPoints)x\(heightPoints) pt")
        precondition(scale > 0, "the screen scale must be positive, got \(scale)")
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        self.scale = scale
    }

    /// A square box of `points` x `points`.
    public init(points: Int, scale: Int) {
        self.init(widthPoints: points, heightPoints: points, scale: scale)
    }

    /// The size, in pixels, of a `width` x `height` image scaled until it covers this box with
    /// its whole self, nothing cropped: one side equals the box's, the other is at least the
    /// box's (the PhotoBlobs seed's `resizeFill(toSize:)`, which draws the whole image that big).
    public func coveringSize(ofWidth width: Int, height: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (pixelWidth, pixelHeight) }
        // The seed's rule: scale by the height when the image is wider than the box, else by the width.
        if height * pixelWidth < pixelHeight * width {
            return (max(1, (width * pixelHeight + height / 2) / height), pixelHeight)
        }
        return (pixelWidth, max(1, (height * pixelWidth + width / 2) / width))
    }

    public var pixelWidth: Int { widthPoints * scale }
    public var pixelHeight: Int { heightPoints * scale }

    public var description: String { "\(widthPoints)x\(heightPoints) pt @\(scale)x" }
}
