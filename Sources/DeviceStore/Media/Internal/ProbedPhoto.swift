import Core
import Foundation

/// A source that passed the import check: its bytes and what its header says.
///
/// Photos makes thumbnails when it imports a photo, so a file it cannot decode is refused then,
/// not found broken later. The same happens here: after the header, the whole image is decoded
/// by ``ImageDecoder/verify(_:)`` (for a JPEG at 1/8 scale in one grey channel, which still reads
/// every entropy-coded symbol of the image data; a PNG or GIF a row at a time), so a truncated or
/// corrupt file is refused with nothing added, and a header over ``ImageLimits/maximumPixelCount``
/// is refused before any pixel memory is taken, as is one whose check would not fit the import's
/// memory budget (``checkBytes(of:path:budgetBytes:)``).
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

    /// The size of `source` in bytes, after the checks its first bytes allow: a file must be a
    /// regular file of at most ``MediaLibrary/maximumFileBytes`` (checked before reading) whose
    /// first bytes show an accepted format and no header over the pixel limit (checked before
    /// reading the rest, which ``contents(of:fileSystem:)`` then does).
    static func checkedSize(of source: MediaSource, fileSystem: FileSystem) throws(MediaLibraryError) -> Int {
        let limit = MediaLibrary.maximumFileBytes
        switch source.content {
        case .bytes(let data):
            guard data.count <= limit else { throw .fileTooLarge(path: source.path, sizeBytes: data.count, limitBytes: limit) }
            return data.count
        case .file:
            let prefix = try read(source.path, prefixBytes: prefixBytes, fileSystem: fileSystem)
            _ = try acceptedFormat(of: prefix.data, path: source.path)
            try refuseOversizedHeader(prefix.data, path: source.path)
            return prefix.status.sizeBytes
        }
    }

    /// The whole bytes of `source`, once ``checkedSize(of:fileSystem:)`` passed.
    static func contents(of source: MediaSource, fileSystem: FileSystem) throws(MediaLibraryError) -> Data {
        switch source.content {
        case .bytes(let data): return data
        case .file: return try read(source.path, prefixBytes: nil, fileSystem: fileSystem).data
        }
    }

    /// What checking `data` takes beside it (``ImageDecoder/verificationCost(of:)``), refusing
    /// a photo whose check decodes it whole and would not fit `budgetBytes` with its file even
    /// if it ran alone. A header the check refuses (unreadable, or over the pixel limit) costs
    /// nothing: the check fails on it before it takes any memory.
    static func checkBytes(of data: Data, path: String, budgetBytes: Int) throws(MediaLibraryError) -> Int {
        guard let cost = try? ImageDecoder().verificationCost(of: data),
              cost.pixelCount <= ImageLimits().maximumPixelCount else { return 0 }
        guard cost.growsWithPixels, data.count + cost.bytes > budgetBytes else { return cost.bytes }
        throw .imageTooLargeToCheck(path: path, kind: cost.kind, pixelWidth: cost.pixelWidth, pixelHeight: cost.pixelHeight,
                                    limitPixels: cost.pixelLimit(withinBytes: budgetBytes - data.count) ?? 0,
                                    bytesPerPixel: cost.bytesPerPixel, budgetBytes: budgetBytes)
    }

    private static func read(_ path: String, prefixBytes: Int?, fileSystem: FileSystem) throws(MediaLibraryError) -> RegularFileContents {
        do throws(FileSystemError) {
            return try fileSystem.contents(ofRegularFile: path, limitBytes: MediaLibrary.maximumFileBytes,
                                           prefixBytes: prefixBytes)
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
