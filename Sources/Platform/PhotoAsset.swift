import Foundation

/// `PHAsset`: one item of the device's photo library as an app sees it.
///
/// An app gets assets from ``PhotoLibrary`` fetches and keeps only ``localIdentifier`` across
/// launches; the identifier finds the asset again (or tells that it was deleted).
public struct PhotoAsset: Equatable, Sendable {
    /// `PHAssetMediaType`, raw values as in PhotosTypes.h.
    public enum MediaType: Int, Sendable {
        case unknown = 0
        case image = 1
        case video = 2
        case audio = 3
    }

    /// `localIdentifier`: `<UUID>/L0/001`.
    public let localIdentifier: String
    public let mediaType: MediaType
    /// Width as displayed, after the EXIF orientation.
    public let pixelWidth: Int
    /// Height as displayed, after the EXIF orientation.
    public let pixelHeight: Int
    /// When the photo was taken, if the library knows.
    public let creationDate: Date?

    public init(localIdentifier: String, mediaType: MediaType, pixelWidth: Int, pixelHeight: Int, creationDate: Date?) {
        self.localIdentifier = localIdentifier
        self.mediaType = mediaType
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.creationDate = creationDate
    }
}
