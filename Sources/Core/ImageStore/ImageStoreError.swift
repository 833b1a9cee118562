/// Why an image could not be stored.
public enum ImageStoreError: Error, Equatable, CustomStringConvertible {
    /// The bitmap could not be encoded as JPEG.
    case encodingFailed(ImageError)
    /// The file could not be written (disk full, permissions ...); the previous file, if any, is kept.
    case fileSystem(FileSystemError)

    public var description: String {
        switch self {
        case .encodingFailed(let error): return "the image could not be stored: \(error)"
        case .fileSystem(let error): return "the image could not be stored, the previous one is kept: \(error)"
        }
    }
}
