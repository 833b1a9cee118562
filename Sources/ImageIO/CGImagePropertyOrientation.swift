/// How an image's stored pixels are turned for display (Apple: ImageIO › CGImagePropertyOrientation,
/// CGImageProperties.h): the TIFF/EXIF Orientation values 1…8 as raw values. `import Photos`
/// brings it, as Apple's Photos (which imports ImageIO) does, for
/// `PHImageManager.requestImageDataAndOrientation`.
@frozen public enum CGImagePropertyOrientation: UInt32, Sendable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8
}
