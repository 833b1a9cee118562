import Core
import Foundation

/// A device's photo library on disk, laid out like the real one, that `simctl addmedia` fills.
///
/// ```
/// Media/DCIM/100APPLE/IMG_0001.JPG, IMG_0002.PNG ...   the photos, named as the camera roll names them
/// Media/PhotoData/Photos.sqlite                        ZASSET rows + the camera-roll counter (WAL)
/// Media/.MediaLibrary.lock                             the writers' lock
/// ```
///
/// ```swift
/// let library = try MediaLibrary(mediaFolder: deviceDataFolder + "/Media", fileSystem: POSIXFileSystem(),
///                                clock: clock, random: random)
/// let added = try library.add([try MediaSource.read(path: "beach.jpg", fileSystem: fileSystem)])
/// print(added[0].localIdentifier, added[0].path)   // "9F1C.../L0/001 DCIM/100APPLE/IMG_0007.JPG"
/// ```
///
/// Names run `IMG_0001` to `IMG_9999` and are never reused, also after removals; past `IMG_9999`
/// `add` fails with ``MediaLibraryError/libraryFull(lastFileName:)`` instead of rolling over to
/// `101APPLE` as a phone does, so a file name alone identifies a photo.
///
/// Only photos are modelled: JPEG and PNG. Everything else is refused with an error that names
/// the file and what it looks like (real simctl also takes videos and contacts).
///
/// ## Concurrency
/// Every call that writes holds an exclusive `flock` on `Media/.MediaLibrary.lock` from start to
/// end, and commits its rows in one `BEGIN IMMEDIATE` transaction. Two processes (or two instances
/// on two threads) adding at once therefore run one after the other: neither loses photos, and the
/// `IMG_` number is read and advanced under the lock, so no name is handed out twice. Identifiers
/// are drawn from the random source and checked against the `ZUUID` index before use. Reads
/// (`assets()`, `asset(for:)`) take no lock: WAL gives them a consistent snapshot.
///
/// ## Crashes
/// Rows are the truth; a file without a row is an orphan.
/// - `add` writes each file under its final name (atomically, fsynced), then inserts every row and
///   advances the counter in ONE transaction. Killed before the commit: only orphan files exist.
///   Killed after it: the whole call is applied.
/// - `remove` deletes the rows in one transaction (`synchronous=FULL`, so it is durable), then the
///   files. Killed in between: the files are orphans.
/// - Opening a library (under the lock) deletes every orphan in `DCIM/100APPLE`, including
///   temporary files of a half-done atomic write. `add` also clears the other-extension twin of
///   each name it is about to use, so orphans another process left since this instance opened
///   never collide with new names. Either way the library is as before the call or as after it.
/// - Files exist before their rows and outlive them, so a reader never sees a row without its file.
///   Orphans another process leaves after this instance opened stay until the next open
///   (``checkInvariants()`` lists them until then); they are never assets.
///
/// A failing call (bad file, full disk) removes the files it wrote before it throws.
///
/// One instance is used from one thread at a time; open one per thread or process.
public final class MediaLibrary {
    /// `<device data>/Media`.
    public let mediaFolder: String
    let fileSystem: FileSystem
    let clock: Clock
    let random: RandomSource
    let database: AssetDatabase
    let lock: MediaFolderLock

    /// Opens the library in `mediaFolder`, creating its folders and database when missing, and
    /// removes files a killed call left behind (see "Crashes" above).
    ///
    /// `mediaFolder` is `<device data>/Media` (contains `DCIM/100APPLE` and `PhotoData/Photos.sqlite`).
    public init(mediaFolder: String, fileSystem: FileSystem, clock: Clock, random: RandomSource) throws(MediaLibraryError) {
        self.mediaFolder = mediaFolder
        self.fileSystem = fileSystem
        self.clock = clock
        self.random = random
        try Self.createFolders(in: mediaFolder, fileSystem: fileSystem)
        let lock = try MediaFolderLock(path: mediaFolder.appendingPathComponent(".MediaLibrary.lock"))
        self.lock = lock
        self.database = try lock.withExclusiveAccess { () throws(MediaLibraryError) in
            try Self.openDatabase(at: mediaFolder.appendingPathComponent("PhotoData/Photos.sqlite"))
        }
        try lock.withExclusiveAccess { () throws(MediaLibraryError) in
            try removeOrphans()
        }
    }

    /// Adds photos, all or nothing, and returns the new assets in the order of `sources`.
    ///
    /// Every source is checked first (format, header); if one is refused nothing is written and
    /// the error names it. Creation dates come from EXIF `DateTimeOriginal`, else the clock.
    public func add(_ sources: [MediaSource]) throws(MediaLibraryError) -> [MediaAsset] {
        var photos: [ProbedPhoto] = []
        photos.reserveCapacity(sources.count)
        for source in sources { photos.append(try ProbedPhoto(source)) }
        return try lock.withExclusiveAccess { () throws(MediaLibraryError) in try addLocked(photos) }
    }

    /// Every asset, sorted by creation date, then file name.
    public func assets() throws(MediaLibraryError) -> [MediaAsset] {
        try database.allAssets()
    }

    /// The asset with `localIdentifier` (`<UUID>/L0/001`), or `nil` when there is none.
    public func asset(for localIdentifier: String) throws(MediaLibraryError) -> MediaAsset? {
        guard let identifier = AssetIdentifier(localIdentifier: localIdentifier) else { return nil }
        return try database.asset(identifier)
    }

    /// Removes assets (rows and files), all or nothing, and returns them in the given order.
    ///
    /// - Throws: ``MediaLibraryError/unknownAsset(_:)`` for the first identifier the library does
    ///   not have; nothing is removed then. An identifier listed twice is removed once.
    public func remove(localIdentifiers: [String]) throws(MediaLibraryError) -> [MediaAsset] {
        try lock.withExclusiveAccess { () throws(MediaLibraryError) in try removeLocked(localIdentifiers) }
    }

    /// Adds the handful of photos a new device comes with (see ``StockPhotos``).
    ///
    /// The device set calls this once, when it creates a device; each call adds them again.
    public func addStockPhotos() throws(MediaLibraryError) -> [MediaAsset] {
        let photos = try StockPhotos.make()
        return try lock.withExclusiveAccess { () throws(MediaLibraryError) in try addLocked(photos) }
    }

    // MARK: - Opening

    /// An absolute path for a path relative to the Media folder.
    func absolutePath(_ relativePath: String) -> String {
        mediaFolder.appendingPathComponent(relativePath)
    }

    private static func createFolders(in mediaFolder: String, fileSystem: FileSystem) throws(MediaLibraryError) {
        do throws(FileSystemError) {
            try fileSystem.createDirectory(at: mediaFolder.appendingPathComponent(CameraRollName.directory))
            try fileSystem.createDirectory(at: mediaFolder.appendingPathComponent("PhotoData"))
        } catch {
            throw .fileSystem(error)
        }
    }

    private static func openDatabase(at path: String) throws(MediaLibraryError) -> AssetDatabase {
        let database = try AssetDatabase(path: path)
        let version = try database.prepareSchema()
        guard version == 0 || version == AssetDatabase.schemaVersion else {
            throw .damagedDatabase(path: path, reason: "schema version \(version) is not \(AssetDatabase.schemaVersion);"
                                   + " it was written by another PhotoSim version")
        }
        return database
    }
}
