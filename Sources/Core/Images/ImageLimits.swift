/// How big an image the decoder agrees to decode, checked against the header before any pixel
/// buffer is allocated.
///
/// The default, 100 megapixels, is above every phone camera (an iPhone's largest photo is 48 MP,
/// 8064 x 6048) and nearly every other camera, while the 300 MB RGB bitmap such an image needs is
/// still one an iOS app can hold. A header claiming more is far more likely to be a broken or
/// hostile file (a 65,500 x 65,500 JPEG header fits in a few hundred bytes and would ask for
/// 12 GB), so it is refused with ``ImageError/tooLarge(width:height:limitPixels:)``.
///
/// ```swift
/// let decoder = ImageDecoder(limits: ImageLimits(maximumPixelCount: 24_000_000))
/// ```
public struct ImageLimits: Equatable, Sendable {
    /// 100 megapixels (see the type's documentation for why).
    public static let defaultMaximumPixelCount = 100_000_000

    /// The most stored pixels (width x height, before any scaling) an image may have.
    public var maximumPixelCount: Int

    /// A `maximumPixelCount` below 1 is a programmer error (traps).
    public init(maximumPixelCount: Int = ImageLimits.defaultMaximumPixelCount) {
        precondition(maximumPixelCount > 0, "maximumPixelCount must be positive, got \(maximumPixelCount)")
        self.maximumPixelCount = maximumPixelCount
    }

    /// Throws ``ImageError/tooLarge(width:height:limitPixels:)`` when `width` x `height` is over
    /// the limit (or overflows `Int`).
    public func check(width: Int, height: Int) throws(ImageError) {
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixelCount > maximumPixelCount {
            throw .tooLarge(width: width, height: height, limitPixels: maximumPixelCount)
        }
    }
}
