/// `PHImageContentMode`, raw values as in PHImageManager.h.
public enum ImageContentMode: Int, Sendable, CustomStringConvertible {
    /// The whole image inside the target size. The default.
    case aspectFit = 0
    /// The image covers the target size; one side may be larger (the result is not cropped).
    case aspectFill = 1

    public var description: String { self == .aspectFit ? "aspectFit" : "aspectFill" }
}
