import Foundation

/// A record pair's two JPEGs, encoded before the save: what an app converts on a background
/// queue and hands to ``PhotoRecordStore/save(_:takenAt:)`` later.
///
/// ```swift
/// let prepared = try store.prepare(image)          // on a conversion queue
/// let id = try store.save(prepared, takenAt: date)   // behind the save queue's barrier
/// ```
public struct PreparedPhotoRecord: Equatable, Sendable {
    /// The full-size image as JPEG (quality ``PhotoRecordStore/Configuration/fullSizeQuality``).
    public let fullSizeJPEG: Data
    /// The aspect-filled thumbnail as JPEG (quality ``PhotoRecordStore/Configuration/thumbnailQuality``).
    public let thumbnailJPEG: Data

    public init(fullSizeJPEG: Data, thumbnailJPEG: Data) {
        self.fullSizeJPEG = fullSizeJPEG
        self.thumbnailJPEG = thumbnailJPEG
    }
}
