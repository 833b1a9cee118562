/// How the bytes of one pixel are laid out.
public enum PixelFormat: Int, Sendable {
    /// One byte: luminance.
    case gray = 1
    /// Three bytes: red, green, blue.
    case rgb = 3
    /// Four bytes: red, green, blue, alpha (not premultiplied).
    case rgba = 4

    public var bytesPerPixel: Int { rawValue }
}

/// Decoded pixels, row by row from the top-left, with no padding between rows.
///
/// A class so that its memory can be counted: it reports its bytes to the ``MemoryMeter`` it was
/// made with when it is created and again when it is freed.
public final class Bitmap {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    public let pixels: [UInt8]
    /// Where this bitmap's bytes are counted; bitmaps derived from it (oriented, resampled) count there too.
    public let meter: MemoryMeter?

    /// Wraps pixels. A `pixels` count that does not match the size is a programmer error (traps).
    public init(width: Int, height: Int, format: PixelFormat, pixels: [UInt8], meter: MemoryMeter? = nil) {
        precondition(width > 0 && height > 0, "a bitmap needs a positive size, got \(width)x\(height)")
        precondition(pixels.count == width * height * format.bytesPerPixel,
                     "\(pixels.count) bytes do not make a \(width)x\(height) \(format) bitmap")
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
        self.meter = meter
        meter?.didAllocate(bytes: pixels.count, category: .decodedBitmap)
    }

    deinit {
        meter?.didRelease(bytes: pixels.count, category: .decodedBitmap)
    }

    /// Bytes the pixels take.
    public var byteCount: Int { pixels.count }

    /// The bytes of the pixel at column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> ArraySlice<UInt8> {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)x\(height)")
        let start = (y * width + x) * format.bytesPerPixel
        return pixels[start..<(start + format.bytesPerPixel)]
    }
}
