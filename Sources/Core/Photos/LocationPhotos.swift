import Foundation

/// Locations together with their photo files, `Documents/Photo-<id>.jpg`.
///
/// This is where the location screen's Done button lands. It combines the ``LocationStore``,
/// the ``PhotoIDAllocator`` and the ``FileSystem`` so that a row never points at a photo file
/// that was not written, and a photo ID is never given to two photos:
///
/// 1. the picked photo is encoded (JPEG, quality 50 as `jpegData(compressionQuality: 0.5)`)
///    before anything is changed, unless the app hands over its own JPEG (``add(_:photoJPEG:)``);
/// 2. the store's write lock is taken and the location's version checked;
/// 3. a location without a photo gets a new ID, saved by the allocator before it is used (see
///    ``PhotoIDAllocator`` for how durable each counter is);
/// 4. the file is written atomically (a location that had a photo keeps its ID and its file is
///    replaced);
/// 5. the row is updated and committed.
///
/// A failure at 3 or 4 rolls the row back: the location keeps its previous photo (or none) and
/// an allocated ID is skipped, never reused. A crash after 4 leaves an orphan file, listed by
/// ``orphanedPhotoFileNames()``. Saving a location without a newly picked photo does not touch
/// its file.
///
/// Several instances may work on one container at once (an app relaunched while its old
/// instance is still referenced, an extension), each with its own store connection: steps 2 to 5
/// run under SQLite's write lock, and ``removeOrphanedPhotoFiles()`` sweeps under the same lock,
/// so no instance removes a photo whose row another is about to commit.
///
/// ```swift
/// let photos = LocationPhotos(store: store, allocator: allocator, fileSystem: fileSystem,
///                             documentsPath: LocationPhotos.documentsPath(containerPath: container))
/// let location = try photos.add(details, pickedPhoto: bitmap)       // writes Photo-1.jpg
/// let shown = photos.loadPhoto(for: location, decoder: ImageDecoder())  // .image or .noImage(reason)
/// ```
public final class LocationPhotos {
    /// The JPEG quality photos are saved at (UIKit's compression quality 0.5).
    public static let jpegQuality = 50

    /// The folder the photo files live in.
    public let documentsPath: String
    let store: LocationStore
    let allocator: PhotoIDAllocator
    let fileSystem: FileSystem

    public init(store: LocationStore, allocator: PhotoIDAllocator, fileSystem: FileSystem, documentsPath: String) {
        self.store = store
        self.allocator = allocator
        self.fileSystem = fileSystem
        self.documentsPath = documentsPath
    }

    /// The app's Documents folder inside its data container.
    public static func documentsPath(containerPath: String) -> String {
        containerPath.appendingPathComponent("Documents")
    }

    /// Where the photo with this ID is stored.
    public func path(for photoID: PhotoID) -> String {
        documentsPath.appendingPathComponent(photoID.fileName)
    }

    // MARK: - Saving

    /// Adds a new location, with the photo the user picked, if any.
    public func add(_ details: LocationDetails, pickedPhoto: Bitmap?) throws(LocationPhotosError) -> Location {
        try add(details, photoJPEG: try pickedPhoto.map { (photo) throws(LocationPhotosError) in try encode(photo) })
    }

    /// Adds a new location with a photo the app encoded itself (UIKit's
    /// `jpegData(compressionQuality: 0.5)`), if any: the bytes are written as they are.
    public func add(_ details: LocationDetails, photoJPEG jpeg: Data?) throws(LocationPhotosError) -> Location {
        guard let jpeg else { return try storeCall { () throws(LocationStoreError) in try store.insert(details) } }
        let location = try removingNewFileOnFailure { (newPhoto: inout PhotoID?) throws(LocationPhotosError) in
            try store.inTransaction(reportingSQLiteErrorsAs: { LocationPhotosError.store(.sqlite($0)) }) {
                () throws(LocationPhotosError) in
                let photoID = try allocatePhotoID()
                newPhoto = photoID
                try writeNewPhoto(jpeg, for: photoID)
                return try storeCall { () throws(LocationStoreError) in try store.insertRow(details, photoID: photoID) }
            }
        }
        try reach(.photosSaveAfterCommit, path: location.photoID.map(path(for:)) ?? documentsPath)
        return location
    }

    /// Saves an edited location. With a newly picked photo, a location without one gets a new
    /// photo ID and file, and a location with one has its file replaced under the same ID.
    /// Without one (`nil`: the user did not pick a new photo), the file is not written again.
    public func save(_ location: Location, pickedPhoto: Bitmap?) throws(LocationPhotosError) -> Location {
        try save(location, photoJPEG: try pickedPhoto.map { (photo) throws(LocationPhotosError) in try encode(photo) })
    }

    /// Saves an edited location with a photo the app encoded itself, if any (see
    /// ``add(_:photoJPEG:)``); without one the file is not written again.
    public func save(_ location: Location, photoJPEG jpeg: Data?) throws(LocationPhotosError) -> Location {
        guard let jpeg else { return try storeCall { () throws(LocationStoreError) in try store.update(location) } }
        if let existing = location.photoID { return try overwrite(location, photoID: existing, with: jpeg) }
        let saved = try removingNewFileOnFailure { (newPhoto: inout PhotoID?) throws(LocationPhotosError) in
            try store.inTransaction(reportingSQLiteErrorsAs: { LocationPhotosError.store(.sqlite($0)) }) {
                () throws(LocationPhotosError) in
                try storeCall { () throws(LocationStoreError) in try store.requireCurrentVersion(of: location) }
                let photoID = try allocatePhotoID()
                newPhoto = photoID
                try writeNewPhoto(jpeg, for: photoID)
                return try storeCall { () throws(LocationStoreError) in try store.updateRow(location, photoID: photoID) }
            }
        }
        try reach(.photosSaveAfterCommit, path: saved.photoID.map(path(for:)) ?? documentsPath)
        return saved
    }

    /// Replaces the photo of a location that has one, so that a failure or a crash at any step
    /// leaves the old photo in place: the new JPEG is staged beside it (`.Photo-<id>.jpg.staged`)
    /// under the write lock, the row commits, and only then is the photo file replaced (from
    /// memory) and the staged file removed. A failure before the commit removes the staged file
    /// and changes nothing; a crash before the replacement leaves a staged file the launch sweep
    /// removes (``removeOrphanedPhotoFiles()``) and the old photo shown.
    private func overwrite(_ location: Location, photoID: PhotoID, with jpeg: Data) throws(LocationPhotosError) -> Location {
        let stagedPath = documentsPath.appendingPathComponent(Self.stagedFileName(for: photoID))
        let saved: Location
        do throws(LocationPhotosError) {
            saved = try store.inTransaction(reportingSQLiteErrorsAs: { LocationPhotosError.store(.sqlite($0)) }) {
                () throws(LocationPhotosError) in
                try storeCall { () throws(LocationStoreError) in try store.requireCurrentVersion(of: location) }
                try write(jpeg, to: stagedPath)
                try reach(.photosOverwriteAfterStagedWrite, path: stagedPath)
                return try storeCall { () throws(LocationStoreError) in try store.updateRow(location, photoID: photoID) }
            }
        } catch {
            if error.isSimulatedCrash { throw error }
            try? fileSystem.removeItem(at: stagedPath)
            throw error
        }
        try reach(.photosOverwriteAfterCommit, path: stagedPath)
        try write(jpeg, to: path(for: photoID))
        try reach(.photosOverwriteAfterFileWrite, path: stagedPath)
        try? fileSystem.removeItem(at: stagedPath)
        return saved
    }

    /// `.Photo-<id>.jpg.staged`: where an overwrite keeps the new photo until its row commits.
    /// The launch sweep removes one left by a crash (it has the shape of a temporary photo file).
    static func stagedFileName(for photoID: PhotoID) -> String {
        ".\(photoID.fileName).staged"
    }

    // MARK: - Deleting

    /// Deletes the location, then its photo file. A location without a photo, or whose file is
    /// already gone, deletes fine.
    /// - Throws: ``LocationPhotosError/store(_:)`` when the location could not be deleted (its
    ///   file is kept), ``LocationPhotosError/photoNotRemoved(path:_:)`` when the location was
    ///   deleted but its file could not be removed.
    public func delete(_ location: Location) throws(LocationPhotosError) {
        try storeCall { () throws(LocationStoreError) in try store.delete(location.id) }
        guard let photoID = location.photoID else { return }
        do {
            try fileSystem.reach(.photosDeleteAfterRowDelete)
            try fileSystem.removeItem(at: path(for: photoID))
            try fileSystem.reach(.photosDeleteAfterFileRemove)
        } catch {
            throw .photoNotRemoved(path: path(for: photoID), error)
        }
    }

    // MARK: - Reading

    /// Reads and decodes the location's photo; a missing or damaged file gives a reason, never
    /// an error.
    /// A decoding failure keeps the decoder's ``ImageError`` as the reason.
    public func loadPhoto(for location: Location, decoder: ImageDecoder) -> PhotoLoadResult {
        guard let photoID = location.photoID else { return .noImage(.noPhoto) }
        return PhotoLoadResult.load(path(for: photoID), fileSystem: fileSystem, decoder: decoder)
    }

    // MARK: - Steps

    private func encode(_ photo: Bitmap) throws(LocationPhotosError) -> Data {
        do {
            return try JPEGEncoder.encode(photo, quality: Self.jpegQuality)
        } catch {
            throw .encodingFailed(error)
        }
    }

    private func allocatePhotoID() throws(LocationPhotosError) -> PhotoID {
        do {
            return try allocator.nextPhotoID()
        } catch {
            throw .photoIDUnavailable(error)
        }
    }

    /// Writes the photo of a newly allocated ID, marking the save's crash points around it.
    private func writeNewPhoto(_ jpeg: Data, for photoID: PhotoID) throws(LocationPhotosError) {
        let path = path(for: photoID)
        do {
            try fileSystem.reach(.photosSaveAfterPhotoID)
            try fileSystem.createDirectory(at: documentsPath)
            try fileSystem.writeAtomically(jpeg, to: path, beforeRename: .photosSaveBeforeRename)
            try fileSystem.reach(.photosSaveAfterFileWrite)
        } catch {
            throw .photoNotWritten(path: path, error)
        }
    }

    private func write(_ jpeg: Data, to path: String) throws(LocationPhotosError) {
        do {
            try fileSystem.createDirectory(at: documentsPath)
            try fileSystem.writeAtomically(jpeg, to: path)
        } catch {
            throw .photoNotWritten(path: path, error)
        }
    }

    /// A crash point after the step that concerns `path`; its interruption is that step failing.
    private func reach(_ point: CrashPoint, path: String) throws(LocationPhotosError) {
        do {
            try fileSystem.reach(point)
        } catch {
            throw .photoNotWritten(path: path, error)
        }
    }

    /// Runs a save that gives a new photo ID its file (`body` names the ID once it has one);
    /// if the save fails anywhere, the new file would be an orphan that no row names, so it is
    /// removed (best effort: a later sweep finds what remains). That covers a write that failed
    /// after its rename (a real disk's folder `fsync`), a row that could not be written and a
    /// commit that failed. After a simulated crash the disk stays as the crash left it.
    private func removingNewFileOnFailure(_ body: (inout PhotoID?) throws(LocationPhotosError) -> Location)
        throws(LocationPhotosError) -> Location {
        var newPhoto: PhotoID?
        do {
            return try body(&newPhoto)
        } catch {
            if !error.isSimulatedCrash, let newPhoto { try? fileSystem.removeItem(at: path(for: newPhoto)) }
            throw error
        }
    }

    func storeCall<Result>(_ body: () throws(LocationStoreError) -> Result) throws(LocationPhotosError) -> Result {
        do {
            return try body()
        } catch {
            throw .store(error)
        }
    }
}
