import CTurboJPEG
import Foundation

/// The JPEG path of ``ImageDecoder``, shared with ``Thumbnailer`` (which decodes DCT-scaled).
extension ImageDecoder {
    /// Decodes a JPEG whose header was read by `decompressor`, at `scale`, stored orientation.
    /// Checks the limit on the stored size, then decodes straight into the bitmap's own array.
    func decodeJPEG(_ data: Data, header: TurboJPEGDecompressor.Header, scale: TurboJPEGDecompressor.Scale,
                    using decompressor: TurboJPEGDecompressor) throws(ImageError) -> Bitmap {
        try limits.check(width: header.width, height: header.height)
        let width = scale.scaled(header.width), height = scale.scaled(header.height)
        let pixelFormat = header.isGray ? TJPF_GRAY : header.isCMYK ? TJPF_CMYK : TJPF_RGB
        let format: PixelFormat = header.isGray ? .gray : .rgb
        let decodedBytes = width * height * TurboJPEGDecompressor.pixelSize(pixelFormat)
        let inverted = header.isCMYK && JPEGSegments.hasAdobeSegment(data)

        var outcome: Result<TurboJPEGDecompressor.Completion, ImageError> = .success(.complete)
        // CMYK is converted to RGB in place, so its array keeps the 4-byte capacity (a rare format).
        let pixels = [UInt8](unsafeUninitializedCapacity: decodedBytes) { buffer, initializedCount in
            do throws(ImageError) {
                let completion = try decompressor.decompress(data, scale: scale, header: header,
                                                             pixelFormat: pixelFormat, into: buffer)
                outcome = .success(completion)
            } catch {
                outcome = .failure(error)
                initializedCount = 0
                return
            }
            if header.isCMYK {
                CMYKConverter.convertToRGB(buffer, pixelCount: width * height, inverted: inverted)
            }
            initializedCount = width * height * format.bytesPerPixel
        }
        switch outcome {
        case .failure(let error): throw error
        case .success(.truncated): throw .truncated(format: "JPEG")
        case .success(.complete): break
        }
        return Bitmap(width: width, height: height, format: format, pixels: pixels, meter: meter)
    }
}
