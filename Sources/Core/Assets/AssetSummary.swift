import Foundation

/// What the photo library says about an asset that still exists.
public struct AssetSummary: Equatable, Sendable {
    public let identifier: AssetIdentifier
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// When the photo was taken, if the library knows.
    public let creationDate: Date?

    public init(identifier: AssetIdentifier, pixelWidth: Int, pixelHeight: Int, creationDate: Date? = nil) {
        precondition(pixelWidth > 0 && pixelHeight > 0, "an asset has a positive size, got \(pixelWidth)x\(pixelHeight)")
        self.identifier = identifier
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.creationDate = creationDate
    }
}
