import Core
import Foundation

/// A source that passed the import check, with what its header says.
///
/// Photos makes thumbnails when it imports a photo, so a file it cannot decode is refused then,
/// not found broken later. The same happens here: after the header, the whole image is decoded
/// at the smallest scale (TurboJPEG's 1/8 DCT scaling for a JPEG, which still reads every byte
/// of the image data), so a truncated or corrupt file is refused with nothing added, and a
/// header over ``ImageLimits/maximumPixelCount`` is refused before any pixel memory is taken.
struct ProbedPhoto {
    let source: MediaSource
    let info: ImageInfo
    /// Fixed date (stock photos) or EXIF `DateTimeOriginal`; `nil` means "when it is added".
    let creationDate: Date?

    /// The box of the import check's thumbnail: small enough that a JPEG decodes at 1/8 scale.
    static let verificationSize = ThumbnailSize(points: 64, scale: 1)

    /// Checks `source`'s header, then that the whole image decodes.
    init(_ source: MediaSource, creationDate: Date? = nil) throws(MediaLibraryError) {
        let info: ImageInfo
        do throws(ImageError) {
            try Self.refuseFormatsNotTakenYet(source.data)
            info = try ImageProbe.probe(source.data)
            _ = try Thumbnailer().thumbnail(of: source.data, size: Self.verificationSize, mode: .aspectFit)
        } catch {
            throw MediaLibraryError.rejected(source.path, error)
        }
        self.source = source
        self.info = info
        self.creationDate = creationDate ?? info.exif?.dateTimeOriginal
    }

    /// Core decodes HEIC and GIF too, but the library takes JPEG and PNG only for now: the others
    /// are refused as before, naming what they are.
    private static func refuseFormatsNotTakenYet(_ data: Data) throws(ImageError) {
        switch try ImageFormat.detect(data) {
        case .jpeg, .png: return
        case .heic: throw .unsupportedFormat(detected: "HEIC/HEIF image")
        case .gif: throw .unsupportedFormat(detected: "GIF image")
        }
    }
}
