/// How a thumbnail fills its box, as `UIView.ContentMode` names it. Both keep the aspect ratio.
public enum ThumbnailMode: String, Sendable, CaseIterable {
    /// The whole image, as large as fits inside the box: one side equals the box's, the other
    /// is at most the box's.
    case aspectFit
    /// The box covered, the overflowing middle kept: the thumbnail is the box's size, cropped
    /// from the centre of the image.
    case aspectFill
}
