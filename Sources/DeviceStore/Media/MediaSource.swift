import Core
import Foundation

/// One photo handed to ``MediaLibrary/add(_:)``: a file to read, or bytes already in memory.
///
/// A file source is read only when the library gets to it, and its bytes are let go once stored,
/// so adding a hundred large photos holds only a few in memory at once. The path is also the
/// asset's original file name.
///
/// ```swift
/// let assets = try library.add([MediaSource(filePath: "beach.jpg"), MediaSource(path: "drawn.png", data: png)])
/// ```
public struct MediaSource: Sendable {
    /// Where the photo comes from: a file to read, or bytes in memory.
    enum Content: Sendable {
        case file
        case bytes(Data)
    }

    /// Where the bytes come from, as the user typed it.
    public let path: String
    let content: Content
    /// A fixed creation date (stock photos); `nil`: EXIF `DateTimeOriginal`, else the clock.
    let creationDate: Date?

    /// A photo already in memory; `path` is used in messages and as the original file name.
    public init(path: String, data: Data) {
        self.init(path: path, content: .bytes(data), creationDate: nil)
    }

    /// The file at `filePath`, read through the library's file system when it is added. Only a
    /// regular file is read: a FIFO, a device or a folder is refused by name.
    public init(filePath: String) {
        self.init(path: filePath, content: .file, creationDate: nil)
    }

    init(path: String, content: Content, creationDate: Date?) {
        self.path = path
        self.content = content
        self.creationDate = creationDate
    }

    /// The bytes of an in-memory source, `nil` for a file.
    public var data: Data? {
        if case .bytes(let data) = content { return data }
        return nil
    }

    /// The file name without its folders, as `PHAssetResource.originalFilename` reports it.
    var originalFilename: String {
        path.lastPathComponent
    }
}
