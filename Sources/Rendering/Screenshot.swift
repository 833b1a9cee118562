import Foundation

/// A drawn screen: PNG bytes and their size in pixels.
public struct Screenshot: Equatable, Sendable {
    /// The PNG file's bytes (8-bit RGBA, every pixel opaque).
    public let pngData: Data
    public let pixelWidth: Int
    public let pixelHeight: Int

    public init(pngData: Data, pixelWidth: Int, pixelHeight: Int) {
        self.pngData = pngData
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}
