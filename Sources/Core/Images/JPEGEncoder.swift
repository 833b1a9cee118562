import CTurboJPEG
import Foundation

/// Encodes bitmaps as baseline JPEG through TurboJPEG.
public enum JPEGEncoder {
    /// Encodes `bitmap` at `quality` (1...100; UIKit's `jpegData(compressionQuality: 0.5)` is 50).
    /// Colour images use 4:2:0 chroma subsampling, as iOS does; alpha is dropped.
    public static func encode(_ bitmap: Bitmap, quality: Int) throws(ImageError) -> Data {
        precondition((1...100).contains(quality), "JPEG quality must be 1...100, got \(quality)")
        guard let compressor = tjInitCompress() else {
            throw .encodingFailed(reason: "tjInitCompress failed")
        }
        defer { tjDestroy(compressor) }
        let (pixelFormat, subsampling) = turboFormat(for: bitmap.format)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(compressor, pixels.baseAddress, Int32(bitmap.width), 0, Int32(bitmap.height),
                        pixelFormat, &output, &outputSize, subsampling, Int32(quality), 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else {
            throw .encodingFailed(reason: String(cString: tjGetErrorStr2(compressor)))
        }
        return Data(bytes: output, count: Int(outputSize))
    }

    private static func turboFormat(for format: PixelFormat) -> (Int32, Int32) {
        switch format {
        case .gray: return (Int32(TJPF_GRAY.rawValue), Int32(TJSAMP_GRAY.rawValue))
        case .rgb: return (Int32(TJPF_RGB.rawValue), Int32(TJSAMP_420.rawValue))
        case .rgba: return (Int32(TJPF_RGBA.rawValue), Int32(TJSAMP_420.rawValue))
        }
    }
}
