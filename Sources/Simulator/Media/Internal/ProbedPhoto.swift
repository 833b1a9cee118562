import Core
import Foundation

/// A source that passed the header check, with what the header says.
struct ProbedPhoto {
    let source: MediaSource
    let info: ImageInfo
    /// Fixed date (stock photos) or EXIF `DateTimeOriginal`; `nil` means "when it is added".
    let creationDate: Date?

    /// Checks `source`'s header. Pixels are never decoded.
    init(_ source: MediaSource, creationDate: Date? = nil) throws(MediaLibraryError) {
        let info: ImageInfo
        do throws(ImageError) {
            info = try ImageProbe.probe(source.data)
        } catch {
            throw MediaLibraryError.rejected(source.path, error)
        }
        self.source = source
        self.info = info
        self.creationDate = creationDate ?? info.exif?.dateTimeOriginal
    }
}
