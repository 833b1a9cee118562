import Core
import Foundation

/// The image fuzz target: what `addmedia` and the pickers do with a file they are handed (the
/// header probe, EXIF, the estimate of the check's memory and the check), then a decode and a
/// thumbnail, under a 4-megapixel limit so one input costs at most a few tens of megabytes.
enum ImageFuzzing {
    static let limits = ImageLimits(maximumPixelCount: 4_000_000)

    static func run(_ data: Data) {
        _ = EXIFMetadata.read(fromJPEG: data)
        let probed = Result { () throws(ImageError) in try ImageProbe.probe(data) }
        guard case .success(let info) = probed else { return }
        let decoder = ImageDecoder(limits: limits)
        _ = try? decoder.verificationCost(of: data)
        let verified = Result { () throws(ImageError) in try decoder.verify(data) }
        let decoded = Result { () throws(ImageError) in try decoder.decode(data) }
        checkAgreement(verified, decoded)
        if case .success(let bitmap) = decoded {
            checkSize(of: bitmap, against: info)
        }
        let size = ThumbnailSize(points: 40, scale: 2)
        _ = try? Thumbnailer(limits: limits).thumbnail(of: data, size: size, mode: .aspectFill)
    }

    /// The import's check accepts what the decode accepts and refuses the rest with the same error.
    private static func checkAgreement(_ verified: Result<Void, ImageError>, _ decoded: Result<Bitmap, ImageError>) {
        let check = verified.map { true }, decode = decoded.map { _ in true }
        precondition(check == decode, "verify: \(check), decode: \(decode)")
    }

    /// A decoded image is upright at the size the probe reported, and holds all its pixels.
    private static func checkSize(of bitmap: Bitmap, against info: ImageInfo) {
        precondition(bitmap.width == info.displayWidth && bitmap.height == info.displayHeight,
                     "decoded \(bitmap.width)x\(bitmap.height), probed \(info.displayWidth)x\(info.displayHeight) (\(info.format))")
        precondition(bitmap.byteCount == bitmap.width * bitmap.height * bitmap.format.bytesPerPixel,
                     "a \(bitmap.width)x\(bitmap.height) bitmap of \(bitmap.byteCount) bytes")
    }
}
