import Core
import Foundation

/// A device's photo library on disk, laid out like the real one, that `simctl addmedia` fills.
///
/// ```
/// Media/DCIM/100APPLE/IMG_0001.JPG, IMG_0002.PNG ...   the photos, named as the camera roll names them
/// Media/PhotoData/Photos.sqlite                        ZASSET rows + the camera-roll counter (WAL)
/// Media/PhotoData/Orphans/                             files found in DCIM/100APPLE without a row, moved aside
/// Media/.MediaLibrary.lock                             the writers' lock
/// ```
///
/// ```swift
/// let library = try MediaLibrary(mediaFolder: deviceDataFolder + "/Media", fileSystem: POSIXFileSystem(),
///                                clock: clock, random: random)
/// let added = try library.add([MediaSource(filePath: "beach.jpg"), MediaSource(filePath: "IMG_4242.HEIC")])
/// print(added[1].localIdentifier, added[1].path)   // "9F1C.../L0/001 DCIM/100APPLE/IMG_0008.HEIC"
/// ```
///
/// Names run `IMG_0001` to `IMG_9999` and are never reused, also after removals; past `IMG_9999`
/// `add` fails with ``MediaLibraryError/libraryFull(lastFileName:)`` instead of rolling over to
/// `101APPLE` as a phone does, so a file name alone identifies a photo.
///
/// Only photos are modelled, in the formats of ``acceptedFormats`` (JPEG, PNG, HEIC and GIF),
/// each stored with its original bytes under its type's extension (`IMG_0001.HEIC`,
/// `IMG_0002.GIF`). Everything else is refused with an error that names the file and what
/// it looks like (real simctl also takes videos and contacts). Only regular files of at most
/// ``maximumFileBytes`` are read, one at a time, and checked on every core while the photos
/// already checked are stored (``ImportPipeline``), the files and what their checks take within
/// a budget of 100 MiB (``ImportPipeline/checkBudgetBytes``), whatever the number, size and kind
/// of the photos; a HEIC or progressive JPEG whose check could not fit it is refused.
///
/// ## Damage
/// A library that was created before must have its database: a missing or empty
/// `Photos.sqlite`, or a symbolic link (or other non-folder) at `Media`, `DCIM`, `DCIM/100APPLE`
/// or `PhotoData`, is ``MediaLibraryError/damagedLibrary(path:reason:)`` and nothing is read
/// past it or changed. Nothing follows a symbolic link out of the Media folder.
///
/// ## Concurrency
/// Every call that writes holds an exclusive `flock` on `Media/.MediaLibrary.lock` (a
/// ``FileLock``, like the device set's) from start to end, and commits its rows in one
/// `BEGIN IMMEDIATE` transaction. A call waits at most `lockTimeoutSeconds` for another holder,
/// then fails with ``MediaLibraryError/lockTimedOut(path:timeoutSeconds:holder:)`` naming it.
/// Two processes (or two instances on two threads) adding at once therefore run one after the
/// other (within the bound): neither loses photos, and the
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
/// - Opening a library for writing (under the lock, once the database checked out) moves every
///   file of `DCIM/100APPLE` that no row owns into `PhotoData/Orphans/` (a taken name gets `.2`,
///   `.3` ...), including temporary files of a half-done write; folders are left alone. `add`
///   also moves aside whatever sits under a name it is about to use (any extension), and never
///   writes over an existing file, so a stray file is never overwritten. A reading open changes
///   nothing. Either way the library's rows and photos are as before the call or as after it.
/// - Files exist before their rows and outlive them, so a reader never sees a row without its file.
///   Orphans another process leaves after this instance opened stay until the next writing open
///   (``checkInvariants()`` lists them until then); they are never assets.
///
/// A failing call (bad file, full disk) removes the files it wrote before it throws.
///
/// One instance is used from one thread at a time; open one per thread or process.
public final class MediaLibrary {
    /// How a library is opened.
    public enum Access: Sendable, Equatable {
        /// Read and write, creating the folders and database when the Media folder holds no
        /// library yet (a new device). A `DCIM/100APPLE` with files but no database is damage.
        case create
        /// Read and write a library that must exist: a missing database is damage.
        case readWrite
        /// Read only: nothing is created, locked, moved or written; SQLite opens the database
        /// read-only (immutable when its folder cannot be written).
        case readOnly
    }

    /// The formats `add` takes: the still-image formats the iOS Photos library imports, each kept
    /// with its original bytes (a HEIC stays a HEIC, `IMG_0001.HEIC`). Taking another format Core
    /// decodes is one entry here.
    public static let acceptedFormats: [ImageFormat] = [.jpeg, .png, .heic, .gif]
    /// The largest photo file `add` reads: 64 MiB, above a 48-megapixel camera JPEG or HEIC
    /// (15 to 25 MB) with room to spare, far below what would strain memory.
    public static let maximumFileBytes = 64 * 1_048_576

    /// `<device data>/Media`.
    public let mediaFolder: String
    public let access: Access
    let fileSystem: FileSystem
    let clock: WallClock
    let random: RandomSource
    package let database: AssetDatabase
    /// `nil` for a read-only library, which takes no lock.
    let lock: FileLock?

    /// Opens the library in `mediaFolder` (`<device data>/Media`, which holds `DCIM/100APPLE` and
    /// `PhotoData/Photos.sqlite`).
    ///
    /// Writing opens (`.create`, `.readWrite`) first check every row (a damaged one, such as a
    /// row whose file name leads out of the camera roll, is
    /// ``MediaLibraryError/damagedDatabase(path:reason:)`` and nothing is changed), then move
    /// files a killed call left behind aside (see "Crashes" above); a `.readOnly` open changes
    /// nothing, and its reads refuse a damaged row the same way.
    ///
    /// - Parameters:
    ///   - databaseBusy: what SQLite does when another program holds the database: by default
    ///     fail at once with ``MediaLibraryError/databaseBusy(path:)``; the command line waits up
    ///     to its lock timeout.
    ///   - lockWaiting: pauses between attempts to take the library's lock; the default's time is
    ///     virtual (no real waiting), so a lock held elsewhere fails at once. The command line
    ///     passes a live one (through ``DeviceSet``).
    ///   - lockTimeoutSeconds: how long a writing call waits for the lock before failing.
    ///   - processName: how this process is named to others waiting for the lock.
    public init(mediaFolder: String, fileSystem: FileSystem, clock: WallClock, random: RandomSource,
                access: Access = .create, databaseBusy: SQLiteBusyPolicy = .failAtOnce,
                lockWaiting: LockWaiting = VirtualLockWaiting(),
                lockTimeoutSeconds: Double = DeviceSet.defaultLockTimeoutSeconds,
                processName: String = "simctl") throws(MediaLibraryError) {
        precondition(lockTimeoutSeconds >= 0 && lockTimeoutSeconds.isFinite, "a lock timeout is a finite number of seconds")
        self.mediaFolder = mediaFolder
        self.access = access
        self.fileSystem = fileSystem
        self.clock = clock
        self.random = random
        try Self.checkLayout(mediaFolder, fileSystem: fileSystem, mayBeMissing: access == .create)
        guard access != .readOnly else {
            lock = nil
            database = try Self.openDatabaseForReading(in: mediaFolder, fileSystem: fileSystem, busy: databaseBusy)
            return
        }
        if access == .create { try Self.createFolders(in: mediaFolder, fileSystem: fileSystem) }
        let lock = FileLock(path: mediaFolder.appendingPathComponent(Self.lockFileName), holderName: processName,
                            waiting: lockWaiting, timeoutSeconds: lockTimeoutSeconds)
        self.lock = lock
        self.database = try Self.withLock(lock) { () throws(MediaLibraryError) in
            let database = try Self.openDatabaseForWriting(in: mediaFolder, fileSystem: fileSystem,
                                                           mayCreate: access == .create, busy: databaseBusy)
            try database.checkRows()
            return database
        }
        try Self.withLock(lock) { () throws(MediaLibraryError) in try moveOrphansAside() }
    }

    /// Adds photos, all or nothing, and returns the new assets in the order of `sources`.
    ///
    /// Every source is checked (kind, size, format, header, a 1/8-scale decode, on every core)
    /// before its row is committed; if one is refused, the files already stored are removed, no
    /// row is added, and the error names the first refused source in order. Creation dates come
    /// from EXIF `DateTimeOriginal`, else the clock. Traps on a read-only library.
    ///
    /// `progress` is called on the calling thread after each photo is checked and stored, with
    /// how many are and how many there are in all (for a progress line: none of them is in the
    /// library until the call returns).
    public func add(_ sources: [MediaSource],
                    progress: (_ stored: Int, _ total: Int) -> Void = { _, _ in }) throws(MediaLibraryError) -> [MediaAsset] {
        try Self.withLock(writerLock()) { () throws(MediaLibraryError) in try addLocked(sources, progress: progress) }
    }

    /// Every asset, sorted by creation date, then file name; an asset whose file is gone (or is
    /// no longer a regular file) is marked ``MediaAsset/isMissing``.
    public func assets() throws(MediaLibraryError) -> [MediaAsset] {
        try database.allAssets().map { (asset) throws(MediaLibraryError) in
            try hasFile(asset) ? asset : asset.markedMissing()
        }
    }

    /// The asset with `localIdentifier` (`<UUID>/L0/001`), or `nil` when there is none.
    public func asset(for localIdentifier: String) throws(MediaLibraryError) -> MediaAsset? {
        guard let identifier = AssetIdentifier(localIdentifier: localIdentifier),
              let asset = try database.asset(identifier) else { return nil }
        return try hasFile(asset) ? asset : asset.markedMissing()
    }

    /// Removes assets (rows and files), all or nothing, and returns them in the given order.
    ///
    /// - Throws: ``MediaLibraryError/unknownAsset(_:)`` for the first identifier the library does
    ///   not have; nothing is removed then. An identifier listed twice is removed once. Traps on a
    ///   read-only library.
    public func remove(localIdentifiers: [String]) throws(MediaLibraryError) -> [MediaAsset] {
        try Self.withLock(writerLock()) { () throws(MediaLibraryError) in try removeLocked(localIdentifiers) }
    }

    /// Adds the handful of photos a new device comes with (see ``StockPhotos``).
    ///
    /// The device set calls this once, when it creates a device; each call adds them again.
    public func addStockPhotos() throws(MediaLibraryError) -> [MediaAsset] {
        let lock = writerLock()
        let photos = try StockPhotos.make()
        return try Self.withLock(lock) { () throws(MediaLibraryError) in try addLocked(photos) }
    }

    /// An absolute path for a path relative to the Media folder.
    func absolutePath(_ relativePath: String) -> String {
        mediaFolder.appendingPathComponent(relativePath)
    }

    /// The lock of a writable library; a write on a read-only one is a programmer error.
    private func writerLock() -> FileLock {
        guard let lock else { preconditionFailure("the media library at \(mediaFolder) was opened read-only") }
        return lock
    }

    /// Runs `body` holding `lock` exclusively; calls must not nest (the inner one would wait for
    /// the outer one until its bound).
    @discardableResult
    static func withLock<Result>(_ lock: FileLock, _ body: () throws(MediaLibraryError) -> Result) throws(MediaLibraryError) -> Result {
        try lock.withLock(.exclusive, mapError: MediaLibraryError.locking, body)
    }

    /// True when a regular file is at the asset's path (not followed through a symbolic link).
    private func hasFile(_ asset: MediaAsset) throws(MediaLibraryError) -> Bool {
        do throws(FileSystemError) {
            return try fileSystem.statusOfItem(at: absolutePath(asset.path))?.kind == .regularFile
        } catch {
            throw .fileSystem(error)
        }
    }
}
