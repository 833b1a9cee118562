/// What an image file is, read from its header without decoding any pixels.
public struct ImageInfo: Equatable, Sendable {
    public let format: ImageFormat
    /// Stored pixel size, before orientation (for GIF the logical screen's).
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// How to turn the stored pixels upright: a JPEG's EXIF orientation, a HEIC's `irot`/`imir`
    /// as the equivalent EXIF value; `.up` when there is none.
    public let orientation: ImageOrientation
    /// EXIF tags, when the file has them (JPEG only; PNG `eXIf` chunks and HEIC `Exif` items are not read).
    public let exif: EXIFMetadata?
    /// True when a PNG has an alpha channel or transparency, a HEIC an alpha plane, or a GIF's
    /// first frame a transparent colour or less than the whole screen.
    public let hasAlpha: Bool

    public init(format: ImageFormat, pixelWidth: Int, pixelHeight: Int, orientation: ImageOrientation,
                exif: EXIFMetadata?, hasAlpha: Bool) {
        self.format = format
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.orientation = orientation
        self.exif = exif
        self.hasAlpha = hasAlpha
    }

    /// The size as displayed (after orientation), as `PHAsset.pixelWidth/pixelHeight` report it.
    public var displayWidth: Int { orientation.displaySize(width: pixelWidth, height: pixelHeight).width }
    public var displayHeight: Int { orientation.displaySize(width: pixelWidth, height: pixelHeight).height }

    /// Stored pixel count, the figure the decoder's limit is checked against.
    public var pixelCount: Int { pixelWidth * pixelHeight }
}
