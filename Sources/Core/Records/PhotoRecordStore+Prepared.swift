import Foundation

/// Saving in two steps, as the seed app does: convert the image (anywhere, no store access),
/// then save the JPEGs stamped with a time taken earlier (before the conversion started).
extension PhotoRecordStore {
    /// Encodes `image` as the store's full-size JPEG and its thumbnail JPEG: the whole image
    /// scaled to cover ``Configuration/thumbnailSize`` (never enlarged), as the seed's
    /// `scale(toSize:)` draws it into an aspect-filled context, not cropped to the box.
    /// Reads only the configuration, so it may run on any queue.
    public func prepare(_ image: Bitmap) throws(PhotoRecordError) -> PreparedPhotoRecord {
        try PhotoRecordError.mapping {
            let fullSize = try JPEGEncoder.encode(image, quality: configuration.fullSizeQuality)
            let cover = configuration.thumbnailSize.coveringSize(ofWidth: image.width, height: image.height)
            let thumbnailBitmap = Thumbnailer().thumbnail(of: image, size: ThumbnailSize(widthPoints: cover.width, heightPoints: cover.height, scale: 1),
                                                          mode: .aspectFit)
            let thumbnail = try JPEGEncoder.encode(thumbnailBitmap, quality: configuration.thumbnailQuality)
            return PreparedPhotoRecord(fullSizeJPEG: fullSize, thumbnailJPEG: thumbnail)
        }
    }

    /// Saves a prepared pair stamped `takenAt` and returns its ID: `takenAt` in milliseconds, or
    /// 1 ms after the newest stored ID when that is not earlier (two saves at one instant get
    /// distinct IDs).
    @discardableResult
    public func save(_ prepared: PreparedPhotoRecord, takenAt: Date) throws(PhotoRecordError) -> PhotoRecordID {
        try insert(prepared, takenAt: takenAt)
    }

    /// Writes the external files and the two rows in one transaction; `takenAt` nil reads the
    /// clock inside it. Files written for a transaction that fails are removed.
    func insert(_ prepared: PreparedPhotoRecord, takenAt: Date?) throws(PhotoRecordError) -> PhotoRecordID {
        var written: [String] = []
        let id: PhotoRecordID
        do {
            id = try inTransaction {
                let fullSizeColumn = try columnValue(for: prepared.fullSizeJPEG, written: &written)
                let thumbnailColumn = try columnValue(for: prepared.thumbnailJPEG, written: &written)
                let id = PhotoRecordID.next(now: takenAt ?? clock.now, after: try newestID())
                try insertPair(id: id, fullSize: fullSizeColumn, thumbnail: thumbnailColumn)
                try fileSystem.reach(.recordsSaveBeforeCommit)
                return id
            }
        } catch {
            if case .fileSystem(.simulatedCrash) = error { throw error }
            for path in written { try? fileSystem.removeItem(at: path) }
            throw error
        }
        try PhotoRecordError.mapping { try fileSystem.reach(.recordsSaveAfterCommit) }
        return id
    }
}
