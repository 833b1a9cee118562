/// A named moment in one of Core's write paths where a simulated crash can stop the process.
///
/// Core marks each moment by calling ``FileSystem/reach(_:)`` (or by handing the point to
/// ``FileSystem/writeAtomically(_:to:beforeRename:)`` for the moment between an atomic write's
/// temporary file and its rename). A real file system does nothing there; the simulator's fault
/// layer stops the app at an armed point and freezes its disk, so the disk holds exactly what is
/// described in ``onDisk``. Names are stable: scenarios write them (`crashAt: photos.save.afterFileWrite`).
///
/// ```swift
/// try fileSystem.reach(.photosSaveAfterFileWrite)   // on POSIXFileSystem: tells reachedObserver, if set
/// CrashPoint.all.map(\.name)                       // every name, sorted
/// ```
public struct CrashPoint: Hashable, Sendable, CustomStringConvertible {
    /// The stable name: `<area>.<operation>.<moment>`.
    public let name: String
    /// What is on disk when a crash stops the process here.
    public let onDisk: String

    public init(name: String, onDisk: String) {
        self.name = name
        self.onDisk = onDisk
    }

    public var description: String { name }

    public static func == (lhs: CrashPoint, rhs: CrashPoint) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Told whenever code on ``POSIXFileSystem`` passes a crash point, on the thread that passes
    /// it. A simulator running the app in its own process sets it to kill the app at a point a
    /// scenario's `crashAt` names; nil (the default) costs nothing. It is read without a lock:
    /// set it before the code that passes points runs, and leave it.
    nonisolated(unsafe) public static var reachedObserver: ((CrashPoint) -> Void)?

    /// The point called `name`, if Core has one.
    public static func named(_ name: String) -> CrashPoint? {
        all.first { $0.name == name }
    }
}

extension CrashPoint {
    // MARK: - Preferences (the PhotoID counter)

    public static let preferencesWriteBeforeRename = CrashPoint(
        name: "preferences.write.beforeRename",
        onDisk: "the new property list in a temporary file beside the old one (.<bundle id>.plist.XXXXXX); the old file is what is read")
    public static let preferencesWriteAfterWrite = CrashPoint(
        name: "preferences.write.afterWrite",
        onDisk: "the new property list in place and durable; the caller has not heard")

    // MARK: - Location photos (MyLocations)

    public static let photosSaveAfterPhotoID = CrashPoint(
        name: "photos.save.afterPhotoID",
        onDisk: "PhotoID advanced and durable; no photo file, no row: the ID is skipped")
    public static let photosSaveBeforeRename = CrashPoint(
        name: "photos.save.beforeRename",
        onDisk: "PhotoID advanced; the JPEG in .Photo-<id>.jpg.XXXXXX; no row (the launch sweep removes the temporary file)")
    public static let photosSaveAfterFileWrite = CrashPoint(
        name: "photos.save.afterFileWrite",
        onDisk: "PhotoID advanced; Photo-<id>.jpg written; the row not committed (an orphan the launch sweep removes)")
    public static let photosSaveAfterCommit = CrashPoint(
        name: "photos.save.afterCommit",
        onDisk: "the photo file and its row both durable; the screen has not heard")
    public static let photosOverwriteAfterStagedWrite = CrashPoint(
        name: "photos.overwrite.afterStagedWrite",
        onDisk: "the new JPEG in .Photo-<id>.jpg.staged; the old photo and the old row unchanged")
    public static let photosOverwriteAfterCommit = CrashPoint(
        name: "photos.overwrite.afterCommit",
        onDisk: "the edited row committed; the old photo still in Photo-<id>.jpg; the staged file beside it")
    public static let photosOverwriteAfterFileWrite = CrashPoint(
        name: "photos.overwrite.afterFileWrite",
        onDisk: "the new photo in Photo-<id>.jpg and the edited row; the staged file not yet removed")
    public static let photosDeleteAfterRowDelete = CrashPoint(
        name: "photos.delete.afterRowDelete",
        onDisk: "the row deleted; Photo-<id>.jpg still there (an orphan the launch sweep removes)")
    public static let photosDeleteAfterFileRemove = CrashPoint(
        name: "photos.delete.afterFileRemove",
        onDisk: "the row and the photo file both gone")

    // MARK: - Location store migration

    public static let locationsMigrationBeforeCommit = CrashPoint(
        name: "locations.migration.beforeCommit",
        onDisk: "the migration's changes uncommitted in the WAL: the store is still the old model")
    public static let locationsMigrationAfterCommit = CrashPoint(
        name: "locations.migration.afterCommit",
        onDisk: "the store migrated to the current model and durable")

    // MARK: - Image store (LootLogger)

    public static let imageStoreWriteBeforeRename = CrashPoint(
        name: "imagestore.write.beforeRename",
        onDisk: "the JPEG in .<key>.XXXXXX beside the item's old image file (if any)")
    public static let imageStoreWriteAfterWrite = CrashPoint(
        name: "imagestore.write.afterWrite",
        onDisk: "the item's image file written and durable; not yet cached")
    public static let imageStoreDeleteAfterRemove = CrashPoint(
        name: "imagestore.delete.afterRemove",
        onDisk: "the item's image file removed")

    // MARK: - Photo records (PhotoBlobs)

    public static let recordsSaveBeforeCommit = CrashPoint(
        name: "records.save.beforeCommit",
        onDisk: "external blob files written under _EXTERNAL_DATA; the two rows not committed (the sweep on opening removes the files)")
    public static let recordsSaveAfterCommit = CrashPoint(
        name: "records.save.afterCommit",
        onDisk: "the full-size and thumbnail rows and their external files durable")
    public static let recordsDeleteAfterRowDelete = CrashPoint(
        name: "records.delete.afterRowDelete",
        onDisk: "the rows deleted; their external files still there (the sweep on opening removes them)")

    // MARK: - Asset references (PhotoShare)

    public static let assetsRecordBeforeInsert = CrashPoint(
        name: "assets.record.beforeInsert",
        onDisk: "the log as it was; the share is not recorded")
    public static let assetsRecordAfterCommit = CrashPoint(
        name: "assets.record.afterCommit",
        onDisk: "the new entry committed; the screen has not heard")

    /// Every crash point Core marks, sorted by name.
    public static let all: [CrashPoint] = [
        preferencesWriteBeforeRename, preferencesWriteAfterWrite,
        photosSaveAfterPhotoID, photosSaveBeforeRename, photosSaveAfterFileWrite, photosSaveAfterCommit,
        photosOverwriteAfterStagedWrite, photosOverwriteAfterCommit, photosOverwriteAfterFileWrite,
        photosDeleteAfterRowDelete, photosDeleteAfterFileRemove,
        locationsMigrationBeforeCommit, locationsMigrationAfterCommit,
        imageStoreWriteBeforeRename, imageStoreWriteAfterWrite, imageStoreDeleteAfterRemove,
        recordsSaveBeforeCommit, recordsSaveAfterCommit, recordsDeleteAfterRowDelete,
        assetsRecordBeforeInsert, assetsRecordAfterCommit,
    ].sorted { $0.name < $1.name }
}
