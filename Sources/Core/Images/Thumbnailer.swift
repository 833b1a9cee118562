import Foundation

/// Makes thumbnails for a box (``ThumbnailSize``) without decoding the full image when it can.
///
/// ```swift
/// let thumbnailer = Thumbnailer(meter: ledger)
/// let cell = try thumbnailer.thumbnail(of: photoData, size: ThumbnailSize(points: 52, scale: 3), mode: .aspectFill)
/// ```
///
/// - **JPEG** is decoded DCT-scaled: at the smallest TurboJPEG scaling factor (1/8, 1/4, 3/8 ...)
///   whose decoded image still has at least the thumbnail's pixels, so a 156 px thumbnail of a
///   12 MP photo decodes 504 x 378 pixels, not 4032 x 3024. The result is then averaged down with
///   an area filter (``AreaFilter``) and finally turned upright by its EXIF orientation.
///   Progressive JPEGs scale the same way, but libjpeg must first keep every DCT coefficient of
///   the image (about 3 bytes a pixel at 4:2:0: 36 MB for 12 MP), whatever the scale.
/// - **PNG, HEIC and GIF** have no scaled decoding here: they are decoded at full size (upright),
///   then filtered, so their peak memory is the full bitmap (libheif and giflib offer no
///   reduced-resolution decode of the main image; PNGs and GIFs in a photo library are small).
///   HEIC adds libheif's own decode buffer, freed before the filtering.
///
/// Limits and errors are those of ``ImageDecoder``; the pixel limit applies to the stored size,
/// even when the decode is scaled.
public struct Thumbnailer {
    public var limits: ImageLimits
    /// Where the decoded and resampled bitmaps report their bytes.
    public var meter: MemoryMeter?

    public init(limits: ImageLimits = ImageLimits(), meter: MemoryMeter? = nil) {
        self.limits = limits
        self.meter = meter
    }

    /// An upright thumbnail of the image in `data`, fitted to or filling `size`.
    public func thumbnail(of data: Data, size: ThumbnailSize, mode: ThumbnailMode) throws(ImageError) -> Bitmap {
        let decoder = ImageDecoder(limits: limits, meter: meter)
        switch try ImageFormat.detect(data) {
        case .png, .heic, .gif:
            return thumbnail(of: try decoder.decode(data), size: size, mode: mode)
        case .jpeg:
            return try jpegThumbnail(of: data, size: size, mode: mode, decoder: decoder)
        }
    }

    /// A thumbnail of an already decoded, upright bitmap.
    public func thumbnail(of bitmap: Bitmap, size: ThumbnailSize, mode: ThumbnailMode) -> Bitmap {
        let plan = ThumbnailPlan(storedWidth: bitmap.width, storedHeight: bitmap.height, orientation: .up,
                                 size: size, mode: mode)
        return Self.shrink(bitmap, plan: plan)
    }

    /// ``thumbnail(of:size:mode:)`` encoded as a JPEG at `quality` (1...100).
    public func thumbnailJPEG(of data: Data, size: ThumbnailSize, mode: ThumbnailMode,
                              quality: Int) throws(ImageError) -> Data {
        try JPEGEncoder.encode(try thumbnail(of: data, size: size, mode: mode), quality: quality)
    }

    private func jpegThumbnail(of data: Data, size: ThumbnailSize, mode: ThumbnailMode,
                               decoder: ImageDecoder) throws(ImageError) -> Bitmap {
        let decompressor = try TurboJPEGDecompressor()
        let header = try decompressor.header(of: data)
        let orientation = ImageDecoder.orientation(ofJPEG: data)
        let plan = ThumbnailPlan(storedWidth: header.width, storedHeight: header.height,
                                 orientation: orientation, size: size, mode: mode)
        let scale = plan.decodeScale(from: TurboJPEGDecompressor.Scale.downscaling)
        let stored = Self.shrink(try decoder.decodeJPEG(data, header: header, scale: scale, using: decompressor),
                                 plan: plan)
        return stored.oriented(orientation)
    }

    /// Averages the plan's region of `decoded` down to the plan's size (never up: a scaled decode
    /// a pixel short of the plan gives a thumbnail a pixel smaller, not a stretched one).
    private static func shrink(_ decoded: Bitmap, plan: ThumbnailPlan) -> Bitmap {
        let region = plan.region(decodedWidth: decoded.width, decodedHeight: decoded.height)
        let width = min(plan.outputWidth, region.width), height = min(plan.outputHeight, region.height)
        if width == decoded.width && height == decoded.height { return decoded }
        return decoded.resampled(toWidth: width, height: height, from: region)
    }
}
