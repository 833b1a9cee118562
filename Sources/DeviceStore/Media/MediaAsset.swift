import Foundation

/// One photo in a device's media library, as the Photos framework's `PHAsset` describes it.
///
/// ```swift
/// let asset = try library.add([source])[0]
/// asset.localIdentifier   // "9F1C...E2/L0/001"
/// asset.path              // "DCIM/100APPLE/IMG_0001.JPG"
/// ```
public struct MediaAsset: Codable, Equatable, Sendable {
    /// `PHAsset.localIdentifier`: an uppercase UUID followed by `/L0/001`.
    public let localIdentifier: String
    /// The camera-roll name, `IMG_0001.JPG` or `IMG_0002.PNG`.
    public let fileName: String
    /// Where the file is, relative to the Media folder: `DCIM/100APPLE/IMG_0001.JPG`.
    public let path: String
    /// The name of the file it was added from (`PHAssetResource.originalFilename`).
    public let originalFilename: String
    /// `public.jpeg` or `public.png` (see ``MediaLibrary/acceptedFormats``).
    public let uniformTypeIdentifier: String
    /// Width as displayed, after the EXIF orientation (`PHAsset.pixelWidth`).
    public let pixelWidth: Int
    /// Height as displayed, after the EXIF orientation (`PHAsset.pixelHeight`).
    public let pixelHeight: Int
    /// EXIF `DateTimeOriginal` when the photo has one, else the time it was added.
    public let creationDate: Date
    /// EXIF GPS latitude in signed degrees (north positive), when the photo has one.
    public let latitude: Double?
    /// EXIF GPS longitude in signed degrees (east positive), when the photo has one.
    public let longitude: Double?
    /// Bytes of the stored file, as recorded when it was added.
    public let fileSize: Int
    /// True when the row is there but its file is gone (or is no longer a regular file): the
    /// photo is listed, marked `missing`, so the damage shows. JSON key `missing`.
    public let isMissing: Bool

    enum CodingKeys: String, CodingKey {
        case localIdentifier, fileName, path, originalFilename, uniformTypeIdentifier, pixelWidth, pixelHeight
        case creationDate, latitude, longitude, fileSize
        case isMissing = "missing"
    }

    public init(localIdentifier: String, fileName: String, path: String, originalFilename: String,
                uniformTypeIdentifier: String, pixelWidth: Int, pixelHeight: Int, creationDate: Date,
                latitude: Double?, longitude: Double?, fileSize: Int, isMissing: Bool = false) {
        self.localIdentifier = localIdentifier
        self.fileName = fileName
        self.path = path
        self.originalFilename = originalFilename
        self.uniformTypeIdentifier = uniformTypeIdentifier
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.creationDate = creationDate
        self.latitude = latitude
        self.longitude = longitude
        self.fileSize = fileSize
        self.isMissing = isMissing
    }

    /// The same asset, marked as having lost its file.
    func markedMissing() -> MediaAsset {
        MediaAsset(localIdentifier: localIdentifier, fileName: fileName, path: path, originalFilename: originalFilename,
                   uniformTypeIdentifier: uniformTypeIdentifier, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                   creationDate: creationDate, latitude: latitude, longitude: longitude, fileSize: fileSize, isMissing: true)
    }
}
