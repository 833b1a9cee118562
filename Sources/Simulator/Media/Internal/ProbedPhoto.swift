import Core
import Foundation

/// A source that passed the import check: its bytes and what its header says.
///
/// Photos makes thumbnails when it imports a photo, so a file it cannot decode is refused then,
/// not found broken later. The same happens here: after the header, the whole image is decoded
/// by ``ImageDecoder/verify(_:)`` (for a JPEG at 1/8 scale in one grey channel, which still reads
/// every entropy-coded symbol of the image data), so a truncated or corrupt file is refused with
/// nothing added, and a header over ``ImageLimits/maximumPixelCount`` is refused before any pixel
/// memory is taken.
/// Every guard here is the same for every format; which formats are taken is
/// ``MediaLibrary/acceptedFormats`` alone. The bytes stored are the bytes checked.
struct ProbedPhoto: Sendable {
    let source: MediaSource
    let data: Data
    let info: ImageInfo
    /// Fixed date (stock photos) or EXIF `DateTimeOriginal`; `nil` means "when it is added".
    let creationDate: Date?

    /// Bytes read first to tell the type before the whole file is read.
    static let prefixBytes = 64 * 1_024

    /// Checks `data` (read from or given by `source`): format, header, then the whole image.
    init(_ source: MediaSource, data: Data) throws(MediaLibraryError) {
        self.source = source
        self.data = data
        self.info = try Self.verify(data, path: source.path)
        self.creationDate = source.creationDate ?? info.exif?.dateTimeOriginal
    }

    /// The bytes of `source`, at most ``MediaLibrary/maximumFileBytes``. A file must be a regular
    /// file under the limit (checked before reading) whose first bytes show an accepted format
    /// and no header over the pixel limit (checked before reading the rest).
    static func contents(of source: MediaSource, fileSystem: FileSystem) throws(MediaLibraryError) -> Data {
        let limit = MediaLibrary.maximumFileBytes
        switch source.content {
        case .bytes(let data):
            guard data.count <= limit else { throw .fileTooLarge(path: source.path, sizeBytes: data.count, limitBytes: limit) }
            return data
        case .file:
            let prefix = try read(source.path, prefixBytes: prefixBytes, fileSystem: fileSystem)
            _ = try acceptedFormat(of: prefix, path: source.path)
            try refuseOversizedHeader(prefix, path: source.path)
            return try read(source.path, prefixBytes: nil, fileSystem: fileSystem)
        }
    }

    private static func read(_ path: String, prefixBytes: Int?, fileSystem: FileSystem) throws(MediaLibraryError) -> Data {
        do throws(FileSystemError) {
            return try fileSystem.contents(ofRegularFile: path, limitBytes: MediaLibrary.maximumFileBytes,
                                           prefixBytes: prefixBytes).data
        } catch {
            throw MediaLibraryError.unreadableSource(path, error)
        }
    }

    /// Refuses a header that claims more than ``ImageLimits/maximumPixelCount`` from the first
    /// bytes alone; any other problem (a header past the prefix) is left to the whole-file check.
    private static func refuseOversizedHeader(_ prefix: Data, path: String) throws(MediaLibraryError) {
        guard let info = try? ImageProbe.probe(prefix) else { return }
        do throws(ImageError) {
            try ImageLimits().check(width: info.pixelWidth, height: info.pixelHeight)
        } catch {
            throw MediaLibraryError.rejected(path, error)
        }
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
            try ImageDecoder().verify(data)
            return info
        } catch {
            throw MediaLibraryError.rejected(path, error)
        }
    }
}
