/// One camera of a device type: the pixel size of a photo it takes.
///
/// A 12-megapixel camera in 4:3 captures 4032x3024 pixels, the size every iPhone since the
/// iPhone 6s saves by default.
public struct CameraSpecification: Sendable, Equatable {
    public let photoPixelWidth: Int
    public let photoPixelHeight: Int

    public init(photoPixelWidth: Int, photoPixelHeight: Int) {
        precondition(photoPixelWidth > 0 && photoPixelHeight > 0, "a camera takes photos of positive size")
        self.photoPixelWidth = photoPixelWidth
        self.photoPixelHeight = photoPixelHeight
    }

    /// Millions of pixels in one photo, rounded to the nearest whole megapixel.
    public var megapixels: Int { (photoPixelWidth * photoPixelHeight + 500_000) / 1_000_000 }

    /// The usual 12-megapixel 4:3 camera (4032x3024).
    public static var twelveMegapixel: CameraSpecification {
        CameraSpecification(photoPixelWidth: 4032, photoPixelHeight: 3024)
    }

    /// An 8-megapixel 4:3 camera (3264x2448), the iPod touch (7th generation)'s rear camera.
    public static var eightMegapixel: CameraSpecification {
        CameraSpecification(photoPixelWidth: 3264, photoPixelHeight: 2448)
    }

    /// A 7-megapixel 4:3 camera (3088x2320), the FaceTime HD camera of the iPhone SE (2nd and
    /// 3rd generation).
    public static var sevenMegapixel: CameraSpecification {
        CameraSpecification(photoPixelWidth: 3088, photoPixelHeight: 2320)
    }

    /// A 1.2-megapixel 4:3 camera (1280x960), the FaceTime HD camera of the iPod touch
    /// (7th generation).
    public static var onePointTwoMegapixel: CameraSpecification {
        CameraSpecification(photoPixelWidth: 1280, photoPixelHeight: 960)
    }
}
