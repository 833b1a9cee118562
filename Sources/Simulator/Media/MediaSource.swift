import Core
import Foundation

/// One file handed to ``MediaLibrary/add(_:)``: its bytes and the path it was read from.
///
/// The path is used only in error messages and as the asset's original file name; the library
/// never reads it.
///
/// ```swift
/// let source = try MediaSource.read(path: "beach.jpg", fileSystem: POSIXFileSystem())
/// let assets = try library.add([source])
/// ```
public struct MediaSource: Sendable {
    /// Where the bytes came from, as the user typed it.
    public let path: String
    /// The whole file.
    public let data: Data

    public init(path: String, data: Data) {
        self.path = path
        self.data = data
    }

    /// Reads the file at `path` through `fileSystem`.
    ///
    /// - Throws: ``MediaLibraryError/unreadable(path:reason:)`` naming the file.
    public static func read(path: String, fileSystem: FileSystem) throws(MediaLibraryError) -> MediaSource {
        do throws(FileSystemError) {
            return MediaSource(path: path, data: try fileSystem.contents(of: path))
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }

    /// The file name without its folders, as `PHAssetResource.originalFilename` reports it.
    var originalFilename: String {
        path.lastPathComponent
    }
}
