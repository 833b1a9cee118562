import Foundation

/// What `simctl media list` prints: one line per photo, or the assets as JSON.
public enum MediaListing {
    /// `<local identifier> <file path> <width>x<height> <original file name>` per asset, in the
    /// library's order (creation date, then file name).
    public static func text(_ assets: [MediaAsset]) -> String {
        assets.map { "\($0.localIdentifier) \($0.path) \($0.pixelWidth)x\($0.pixelHeight) \($0.originalFilename)\n" }.joined()
    }

    /// The assets as a pretty JSON array with sorted keys and ISO 8601 dates.
    public static func json(_ assets: [MediaAsset]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return String(decoding: try encoder.encode(assets), as: UTF8.self) + "\n"
        } catch {
            preconditionFailure("MediaAsset always encodes: \(error)")
        }
    }
}
