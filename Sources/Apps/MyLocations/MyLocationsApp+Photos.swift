import Core
import Foundation
import Platform

/// Saving, reading and deleting locations with their photos, through Core.
///
/// The `photoIDDefault: 0` build models the seed's bug: a new location's photo ID defaults to
/// 0, so it counts as having a photo, never gets an ID from the counter, and every photo is
/// written to (and read from, and deleted as) `Photo-0.jpg`. Core's `PhotoID` cannot be 0, so
/// the bug lives here: such a build treats every location without a photo ID as photo 0.
extension MyLocationsApp {
    func save(_ details: LocationDetails, editing: Location?, pickedPhoto: Bitmap?) throws {
        if options.photoIDDefaultsToZero && (editing?.photoID == nil) {
            if var location = editing {
                location.details = details
                _ = try photos.save(location, pickedPhoto: nil)
            } else {
                _ = try photos.add(details, pickedPhoto: nil)
            }
            if let pickedPhoto {
                try environment.fileSystem.createDirectory(at: photos.documentsPath)
                try environment.fileSystem.writeAtomically(JPEGEncoder.encode(pickedPhoto, quality: LocationPhotos.jpegQuality),
                                                           to: zeroPhotoPath)
            }
            return
        }
        if options.photoIDAfterWrite, editing?.photoID == nil, let pickedPhoto { try writeBeforeAllocating(pickedPhoto) }
        if var location = editing {
            location.details = details
            _ = try photos.save(location, pickedPhoto: pickedPhoto)
        } else {
            _ = try photos.add(details, pickedPhoto: pickedPhoto)
        }
    }

    /// The location's photo, decoded and counted; nil when it has none or the file is gone.
    func photo(of location: Location) -> Bitmap? {
        let decoder = ImageDecoder(meter: environment.memoryMeter)
        if options.photoIDDefaultsToZero && location.photoID == nil {
            return PhotoLoadResult.load(zeroPhotoPath, fileSystem: environment.fileSystem, decoder: decoder).bitmap
        }
        return photos.loadPhoto(for: location, decoder: decoder).bitmap
    }

    /// The path of the location's photo file, if it has one.
    func photoPath(of location: Location) -> String? {
        if let photoID = location.photoID { return photos.path(for: photoID) }
        return options.photoIDDefaultsToZero ? zeroPhotoPath : nil
    }

    /// The planted `photoIDAfterWrite` bug: the photo is written as `Photo-<next>.jpg` before the
    /// counter is advanced, so a kill between the two leaves a file under an ID that will be
    /// handed out again (Core then allocates and writes it properly).
    private func writeBeforeAllocating(_ picked: Bitmap) throws {
        let preferences = try Preferences(containerPath: environment.containerPath, bundleIdentifier: environment.bundleIdentifier,
                                          fileSystem: environment.fileSystem)
        let next = (try PhotoIDAllocator(preferences: preferences).lastPhotoID()?.rawValue ?? 0) + 1
        try environment.fileSystem.createDirectory(at: photos.documentsPath)
        try environment.fileSystem.writeAtomically(JPEGEncoder.encode(picked, quality: LocationPhotos.jpegQuality),
                                                   to: photos.documentsPath.appendingPathComponent("Photo-\(next).jpg"))
    }

    func delete(_ location: Location) throws {
        if options.deleteKeepsFile { return try store.delete(location.id) }
        try photos.delete(location)
        if options.photoIDDefaultsToZero && location.photoID == nil {
            try environment.fileSystem.removeItem(at: zeroPhotoPath)
        }
    }
}
