import Core
import Foundation

/// A row about to be inserted: the asset and the columns apps do not see.
struct AssetRow {
    let identifier: AssetIdentifier
    let name: CameraRollName
    let asset: MediaAsset
    /// EXIF orientation raw value (1...8).
    let orientation: UInt16
    let addedDate: Date
}
