import Foundation

/// Handing any decodable image over as JPEG bytes, as iOS hands HEIC photos to apps and
/// computers that ask for a compatible format.
extension ImageDecoder {
    /// `data` (JPEG, PNG, HEIC or GIF) decoded upright and encoded as a baseline JPEG at
    /// `quality` (1...100) by ``JPEGEncoder``, at the same displayed pixel size.
    ///
    /// ```swift
    /// let jpeg = try ImageDecoder().jpegData(from: try fileSystem.contents(of: "IMG_0001.HEIC"), quality: 90)
    /// ```
    ///
    /// The orientation is applied to the pixels, so the JPEG needs no EXIF orientation; no
    /// metadata is copied. JPEG has no alpha: transparent and partly transparent pixels are
    /// composited over white. Limits, errors and the memory meter are the decoder's; the
    /// decoded bitmap is freed before returning.
    public func jpegData(from data: Data, quality: Int) throws(ImageError) -> Data {
        precondition((1...100).contains(quality), "JPEG quality must be 1...100, got \(quality)")
        let bitmap = try decode(data)
        return try JPEGEncoder.encode(bitmap.format == .rgba ? bitmap.flattenedOverWhite() : bitmap, quality: quality)
    }
}

extension Bitmap {
    /// This RGBA bitmap as RGB, each pixel composited over white by its alpha.
    func flattenedOverWhite() -> Bitmap {
        precondition(format == .rgba, "only an RGBA bitmap has alpha to flatten")
        let pixelCount = width * height
        let flattened = [UInt8](unsafeUninitializedCapacity: pixelCount * 3) { target, initializedCount in
            pixels.withUnsafeBufferPointer { source in
                for pixel in 0..<pixelCount {
                    let alpha = Int(source[pixel * 4 + 3])
                    for channel in 0..<3 {
                        let value = Int(source[pixel * 4 + channel])
                        target[pixel * 3 + channel] = UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
                    }
                }
            }
            initializedCount = pixelCount * 3
        }
        return Bitmap(width: width, height: height, format: .rgb, pixels: flattened, meter: meter)
    }
}
