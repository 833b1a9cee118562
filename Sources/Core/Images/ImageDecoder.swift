import Foundation

/// Decodes JPEG, PNG, HEIC and GIF data into a ``Bitmap``, upright, refusing oversized images before any
/// pixel buffer is allocated.
///
/// ```swift
/// let decoder = ImageDecoder(meter: ledger)
/// let bitmap = try decoder.decode(try fileSystem.contents(of: path))
/// ```
///
/// Policies:
/// - **Size limit**: the stored width x height from the header is checked against
///   ``limits`` first; over it, ``ImageError/tooLarge(width:height:limitPixels:)`` is thrown
///   and nothing is allocated (see ``ImageLimits`` for the default and why).
/// - **Truncated files are rejected** with ``ImageError/truncated(format:)``: TurboJPEG would
///   decode the part that is there and paint the rest grey (a warning, not an error), but a
///   photo-library file that stops early is a failed copy, and showing it half grey would hide
///   the loss. A cut anywhere, inside the header, mid-scan or just before the end-of-image
///   marker, is reported as truncation. A JPEG whose scan data ends before the rows its header
///   claims, or whose data is damaged, is ``ImageError/corrupt(format:reason:)``. Stray bytes
///   before a marker in the image data (common in camera files) are ignored, as every viewer
///   does (see ``TurboJPEGDecompressor/decompress(_:scale:header:pixelFormat:into:)``); stray
///   bytes in the header are ``ImageError/corrupt(format:reason:)``: a header segment was
///   lost. A PNG that stops early is rejected as truncated too.
/// - **Grayscale JPEGs decode to ``PixelFormat/gray``**: a third of the memory of RGB, and
///   ``JPEGEncoder`` writes them back as grayscale JPEGs.
/// - **CMYK and YCCK JPEGs decode to RGB**. TurboJPEG only hands out their CMYK values; those
///   with an Adobe segment (all of them in practice) store inverted values, as Photoshop does.
/// - **PNG** decodes to RGBA when it has any transparency, else RGB or gray (``PNGReader``).
/// - **HEIC** decodes its primary image to RGB, or RGBA with an alpha plane, through libheif
///   (``HEIFReader``): upright, its size checked from the `ispe` property first. A truncated
///   HEIC is ``ImageError/truncated(format:)``.
/// - **GIF** decodes its first frame onto the logical screen (``GIFReader``): RGBA when it has
///   a transparent colour or leaves part of the screen uncovered, else RGB. A truncated GIF is
///   ``ImageError/truncated(format:)``, also when the cut is in a later frame.
/// - **Orientation**: with `applyingOrientation`, a JPEG's EXIF orientation is applied so the
///   bitmap is upright; that briefly holds two full-size bitmaps for orientations other than
///   `.up`. A HEIC's `irot`/`imir` are applied by libheif; without `applyingOrientation` they
///   are undone afterwards, so the bitmap has the stored size ``ImageProbe`` reports. PNGs and
///   GIFs are always upright (a PNG's `eXIf` chunk is not read).
///
/// Other failures: ``ImageError/empty``, ``ImageError/unsupportedFormat(detected:)`` naming
/// what the data looks like, and ``ImageError/corrupt(format:reason:)`` with the library's message.
public struct ImageDecoder {
    public var limits: ImageLimits
    /// Where decoded bitmaps report their bytes.
    public var meter: MemoryMeter?

    public init(limits: ImageLimits = ImageLimits(), meter: MemoryMeter? = nil) {
        self.limits = limits
        self.meter = meter
    }

    /// Decodes `data` at full size; see the type's documentation for the policies.
    public func decode(_ data: Data, applyingOrientation: Bool = true) throws(ImageError) -> Bitmap {
        switch try ImageFormat.detect(data) {
        case .png:
            return try PNGReader.decode(data, limits: limits, meter: meter)
        case .heic:
            let upright = try HEIFReader.decode(data, limits: limits, meter: meter)
            if applyingOrientation { return upright }
            return upright.oriented((HEIFBoxes.primaryItemOrientation(in: data) ?? .up).inverse)
        case .gif:
            return try GIFReader.decode(data, limits: limits, meter: meter)
        case .jpeg:
            let decompressor = try TurboJPEGDecompressor()
            let header = try decompressor.header(of: data)
            let stored = try decodeJPEG(data, header: header, scale: .full, using: decompressor)
            return applyingOrientation ? stored.oriented(Self.orientation(ofJPEG: data)) : stored
        }
    }

    /// Decodes `data` in its stored orientation at no less than `width` x `height` pixels when its
    /// format scales as it decodes: a JPEG at TurboJPEG's smallest factor whose image still
    /// covers them (as ``Thumbnailer`` decodes), so drawing a 12 MP photo into a thumbnail decodes
    /// a few hundred pixels a side; other formats at full size.
    public func decodeStored(_ data: Data, covering width: Int, height: Int) throws(ImageError) -> Bitmap {
        guard case .jpeg = try ImageFormat.detect(data) else { return try decode(data, applyingOrientation: false) }
        let decompressor = try TurboJPEGDecompressor()
        let header = try decompressor.header(of: data)
        let scale = TurboJPEGDecompressor.Scale.downscaling.first {
            $0.covers(width, of: header.width) && $0.covers(height, of: header.height)
        } ?? .full
        return try decodeJPEG(data, header: header, scale: scale, using: decompressor)
    }

    /// The EXIF orientation of a JPEG, `.up` when it has none.
    static func orientation(ofJPEG data: Data) -> ImageOrientation {
        EXIFMetadata.read(fromJPEG: data)?.orientation ?? .up
    }
}
