import Core
import Foundation

/// A source that passed the import check, with what its header says.
///
/// Photos makes thumbnails when it imports a photo, so a file it cannot decode is refused then,
/// not found broken later. The same happens here: after the header, the whole image is decoded
/// at the smallest scale (TurboJPEG's 1/8 DCT scaling for a JPEG, which still reads every byte
/// of the image data), so a truncated or corrupt file is refused with nothing added, and a
/// header over ``ImageLimits/maximumPixelCount`` is refused before any pixel memory is taken.
/// Every guard here is the same for every format; which formats are taken is
/// ``MediaLibrary/acceptedFormats`` alone.
///
/// A checked file keeps only its status, not its bytes: it is copied file to file when added,
/// and a file that changed since the check (size or modification time) is refused then.
struct ProbedPhoto: Sendable {
    /// What gets stored: the checked file, or the checked bytes.
    enum Stored: Sendable {
        case file(FileStatus)
        case bytes(Data)
    }

    let source: MediaSource
    let info: ImageInfo
    let stored: Stored
    /// Fixed date (stock photos) or EXIF `DateTimeOriginal`; `nil` means "when it is added".
    let creationDate: Date?

    /// The box of the import check's thumbnail: small enough that a JPEG decodes at 1/8 scale.
    static let verificationSize = ThumbnailSize(points: 64, scale: 1)
    /// Bytes read first to tell the type before the whole file is read.
    static let prefixBytes = 64 * 1_024

    /// Bytes of the stored file.
    var sizeBytes: Int {
        switch stored {
        case .file(let status): return status.sizeBytes
        case .bytes(let data): return data.count
        }
    }

    /// Checks in-memory bytes: size, type, header, then that the whole image decodes.
    init(_ source: MediaSource, data: Data, creationDate: Date? = nil) throws(MediaLibraryError) {
        guard data.count <= MediaLibrary.maximumFileBytes else {
            throw .fileTooLarge(path: source.path, sizeBytes: data.count, limitBytes: MediaLibrary.maximumFileBytes)
        }
        self.source = source
        self.info = try Self.verify(data, path: source.path)
        self.stored = .bytes(data)
        self.creationDate = creationDate ?? info.exif?.dateTimeOriginal
    }

    /// Checks a file: that it is a regular file under the size limit (before reading it), its
    /// type from the first bytes, then the whole file as for bytes. The bytes are dropped after.
    init(checkingFile source: MediaSource, reader: SerializedFileReader) throws(MediaLibraryError) {
        let limit = MediaLibrary.maximumFileBytes
        let prefix = try reader.read(source.path, limitBytes: limit, prefixBytes: Self.prefixBytes)
        _ = try Self.acceptedFormat(of: prefix.data, path: source.path)
        let whole = try reader.read(source.path, limitBytes: limit, prefixBytes: nil)
        guard whole.status == prefix.status else {
            throw .unreadable(path: source.path, reason: "it changed while it was being read; try again")
        }
        self.source = source
        self.info = try Self.verify(whole.data, path: source.path)
        self.stored = .file(whole.status)
        self.creationDate = info.exif?.dateTimeOriginal
    }

    /// The format of `data` from its magic bytes, if the library takes it.
    private static func acceptedFormat(of data: Data, path: String) throws(MediaLibraryError) -> ImageFormat {
        let format: ImageFormat
        do throws(ImageError) {
            format = try ImageFormat.detect(data)
        } catch {
            throw MediaLibraryError.rejected(path, error)
        }
        guard MediaLibrary.acceptedFormats.contains(format) else {
            throw .unsupportedFile(path: path, detected: "\(format.rawValue) image")
        }
        return format
    }

    /// The header's facts, after checking that the format is taken and the image decodes.
    private static func verify(_ data: Data, path: String) throws(MediaLibraryError) -> ImageInfo {
        _ = try acceptedFormat(of: data, path: path)
        do throws(ImageError) {
            let info = try ImageProbe.probe(data)
            _ = try Thumbnailer().thumbnail(of: data, size: verificationSize, mode: .aspectFit)
            return info
        } catch {
            throw MediaLibraryError.rejected(path, error)
        }
    }
}
