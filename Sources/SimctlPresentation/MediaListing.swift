import Core
import DeviceStore
import Foundation

/// What `simctl media list` prints: one line per photo, or the assets as JSON.
public enum MediaListing {
    /// The marker after an asset whose file is gone.
    public static let missingMarker = " [missing]"

    /// `<index> <local identifier> <file path> <width>x<height> <creation date> <original file
    /// name>` per asset, in the library's order (creation date, EXIF's `DateTimeOriginal` when
    /// the photo has one, then file name), which is the order a picker shows and a scenario's
    /// `pickPhoto: <index>` counts in; the date in ISO 8601, UTC; ``missingMarker`` after an
    /// asset whose file is gone. The original name is the one a user's file had, so its control
    /// characters are escaped (``VisibleText/escaped(_:)``: a newline shows as `\n`) and
    /// every photo stays on one line.
    public static func text(_ assets: [MediaAsset]) -> String {
        let dates = ISO8601DateFormatter()
        return assets.enumerated().map { index, asset in
            "\(index) \(asset.localIdentifier) \(asset.path) \(asset.pixelWidth)x\(asset.pixelHeight) "
                + "\(dates.string(from: asset.creationDate)) \(VisibleText.escaped(asset.originalFilename))"
                + (asset.isMissing ? missingMarker : "") + "\n"
        }.joined()
    }

    /// The assets as a pretty JSON array with sorted keys and ISO 8601 dates, each with its
    /// `index` in the library's order; `"missing": true` for an asset whose file is gone.
    public static func json(_ assets: [MediaAsset]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return String(decoding: try encoder.encode(assets.enumerated().map(Listed.init)), as: UTF8.self) + "\n"
        } catch {
            preconditionFailure("MediaAsset always encodes: \(error)")
        }
    }

    /// An asset with its position in the listing.
    private struct Listed: Encodable {
        let index: Int
        let asset: MediaAsset

        init(_ pair: (offset: Int, element: MediaAsset)) { (index, asset) = (pair.offset, pair.element) }

        private enum Key: String, CodingKey { case index }

        func encode(to encoder: Encoder) throws {
            try asset.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(index, forKey: .index)
        }
    }
}
