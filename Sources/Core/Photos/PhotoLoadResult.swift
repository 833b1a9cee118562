import Foundation

/// What reading a location's photo gave: the image, or why there is none to show.
///
/// Reading never throws: a missing or damaged file is something the screen shows (an empty
/// photo cell), not a failure of the app.
public enum PhotoLoadResult {
    case image(Bitmap)
    case noImage(MissingPhotoReason)

    /// The decoded image, if there was one.
    public var bitmap: Bitmap? { if case .image(let bitmap) = self { return bitmap } else { return nil } }

    /// Reads and decodes the photo file at `path`; never throws.
    public static func load(_ path: String, fileSystem: FileSystem, decoder: ImageDecoder) -> PhotoLoadResult {
        let bytes: Data
        do {
            bytes = try fileSystem.contents(of: path)
        } catch .notFound {
            return .noImage(.fileMissing(path: path))
        } catch {
            return .noImage(.unreadable(path: path, error))
        }
        do {
            return .image(try decoder.decode(bytes))
        } catch {
            return .noImage(.decodeFailed(path: path, error))
        }
    }

    /// Why there is no image, if there is none.
    public var missingReason: MissingPhotoReason? {
        if case .noImage(let reason) = self { return reason } else { return nil }
    }
}

/// Why a location shows no photo.
public enum MissingPhotoReason: Equatable, Sendable, CustomStringConvertible {
    /// The location has no photo ID.
    case noPhoto
    /// The location has a photo ID but its file does not exist.
    case fileMissing(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, FileSystemError)
    /// The file was read but is not an image the decoder accepts.
    case decodeFailed(path: String, ImageError)

    public var description: String {
        switch self {
        case .noPhoto: return "the location has no photo"
        case .fileMissing(let path): return "the photo file \(path) is missing"
        case .unreadable(let path, let error): return "the photo file \(path) could not be read: \(error)"
        case .decodeFailed(let path, let error): return "the photo file \(path) could not be decoded: \(error)"
        }
    }
}
