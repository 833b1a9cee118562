/// How stored pixels must be turned to display upright: the EXIF `Orientation` tag (0x0112).
///
/// Raw values are the TIFF/EXIF ones, the same as `CGImagePropertyOrientation`'s (1...8);
/// note `UIImage.Orientation` numbers them differently (up = 0). Names say where the stored
/// image's top row ends up, as Apple's do: `.right` (6) is a photo taken with the phone held
/// upright, whose stored pixels must be rotated 90° clockwise to display.
public enum ImageOrientation: UInt16, Sendable, CaseIterable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// True when the displayed width is the stored height (a quarter turn: values 5...8).
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The orientation that turns a displayed image back to its stored pixels: the quarter
    /// turns swap, every other orientation undoes itself.
    public var inverse: ImageOrientation {
        switch self {
        case .right: return .left
        case .left: return .right
        default: return self
        }
    }

    /// The displayed size of a stored `width` x `height` image.
    public func displaySize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsDimensions ? (height, width) : (width, height)
    }
}
