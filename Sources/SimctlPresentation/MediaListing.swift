import Core
import DeviceStore
import Foundation

/// What `simctl media list` prints: one line per photo, or the assets as JSON.
public enum MediaListing {
    /// The marker after an asset whose file is gone.
    public static let missingMarker = " [missing]"

    /// `<local identifier> <file path> <width>x<height> <original file name>` per asset, in the
    /// library's order (creation date, then file name), with ``missingMarker`` after an asset
    /// whose file is gone. The original name is the one a user's file had, so its control
    /// characters are escaped (``VisibleText/escaped(_:)``: a newline shows as `\n`) and
    /// every photo stays on one line.
    public static func text(_ assets: [MediaAsset]) -> String {
        assets.map { asset in
            "\(asset.localIdentifier) \(asset.path) \(asset.pixelWidth)x\(asset.pixelHeight) \(VisibleText.escaped(asset.originalFilename))"
                + (asset.isMissing ? missingMarker : "") + "\n"
        }.joined()
    }

    /// The assets as a pretty JSON array with sorted keys and ISO 8601 dates; `"missing": true`
    /// for an asset whose file is gone.
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
