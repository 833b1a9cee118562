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

    public var pixelWidth: Int { widthPoints * scale }
    public var pixelHeight: Int { heightPoints * scale }

    public var description: String { "\(widthPoints)x\(heightPoints) pt @\(scale)x" }
}
