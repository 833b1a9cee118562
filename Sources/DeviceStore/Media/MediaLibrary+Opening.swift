import Core

extension MediaLibrary {
    /// The entries of a library and the kind each must be when present. None may be a symbolic
    /// link, so no path the library uses leads out of its Media folder.
    static let layout: [(relativePath: String, kind: FileKind)] = [
        ("", .directory),
        ("DCIM", .directory),
        (CameraRollName.directory, .directory),
        ("PhotoData", .directory),
        (orphansDirectory, .directory),
        (databaseRelativePath, .regularFile),
        (databaseRelativePath + "-wal", .regularFile),
        (databaseRelativePath + "-shm", .regularFile),
        (lockFileName, .regularFile),
    ]

    static let databaseRelativePath = "PhotoData/Photos.sqlite"
    static let orphansDirectory = "PhotoData/Orphans"
    static let lockFileName = ".MediaLibrary.lock"
    private static let missingDatabaseReason = "is missing, though the library was created, so its photos are unknown"

    /// Refuses a library whose folders or files are symbolic links or of the wrong kind, and a
    /// missing Media folder unless `mayBeMissing` (a library about to be created).
    static func checkLayout(_ mediaFolder: String, fileSystem: FileSystem, mayBeMissing: Bool) throws(MediaLibraryError) {
        for (relativePath, kind) in layout {
            let path = mediaFolder.appendingPathComponent(relativePath)
            let status: FileStatus?
            do throws(FileSystemError) {
                status = try fileSystem.statusOfItem(at: path)
            } catch {
                throw .fileSystem(error)
            }
            guard let status else {
                if relativePath.isEmpty && !mayBeMissing {
                    throw .damagedLibrary(path: path, reason: "is missing, though the device's library was created")
                }
                if relativePath.isEmpty { return }
                continue
            }
            guard status.kind == kind else {
                let found = status.kind == .symbolicLink ? "a symbolic link, which PhotoSim does not follow" : "a \(status.kind.rawValue)"
                throw .damagedLibrary(path: path, reason: "is \(found), where the library keeps a \(kind.rawValue)")
            }
        }
    }

    static func createFolders(in mediaFolder: String, fileSystem: FileSystem) throws(MediaLibraryError) {
        do throws(FileSystemError) {
            try fileSystem.createDirectory(at: mediaFolder.appendingPathComponent(CameraRollName.directory))
            try fileSystem.createDirectory(at: mediaFolder.appendingPathComponent("PhotoData"))
        } catch {
            throw .writing(error)
        }
    }

    /// Opens the database read-only; immutable when SQLite cannot open it so (a folder that
    /// cannot be written, where SQLite cannot keep its `-shm` index), or when the disk is too full
    /// for that index and the `-wal` file is missing or empty (the last writer closed cleanly, or
    /// failed before writing a frame, so every committed row is in the database file itself). A reading command so needs no space at all.
    static func openDatabaseForReading(in mediaFolder: String, fileSystem: FileSystem,
                                       busy: SQLiteBusyPolicy) throws(MediaLibraryError) -> AssetDatabase {
        let path = mediaFolder.appendingPathComponent(databaseRelativePath)
        try requireDatabaseFile(path, fileSystem: fileSystem)
        do throws(MediaLibraryError) {
            let database = try AssetDatabase(path: path, mode: .readOnly, busy: busy)
            try database.checkSchema()
            return database
        } catch {
            switch error {
            case .database(let failure) where failure.isCannotOpen || failure.isReadOnly: break
            case .diskFull where try !holdsFrames(path + "-wal", fileSystem: fileSystem): break
            default: throw error
            }
        }
        let database = try AssetDatabase(path: path, mode: .immutable, busy: busy)
        try database.checkSchema()
        return database
    }

    /// Opens the database read-write, first creating it when `mayCreate` and the library holds
    /// nothing yet. Runs under the lock.
    static func openDatabaseForWriting(in mediaFolder: String, fileSystem: FileSystem, mayCreate: Bool,
                                       busy: SQLiteBusyPolicy) throws(MediaLibraryError) -> AssetDatabase {
        let path = mediaFolder.appendingPathComponent(databaseRelativePath)
        if try !exists(path, fileSystem: fileSystem) {
            guard mayCreate else { throw .damagedLibrary(path: path, reason: missingDatabaseReason) }
            let photoCount = try entries(of: mediaFolder.appendingPathComponent(CameraRollName.directory), fileSystem: fileSystem).count
            guard photoCount == 0 else {
                throw .damagedLibrary(path: path, reason: "is missing while \(CameraRollName.directory) holds \(photoCount) files,"
                                      + " so which photos belong to the library is unknown")
            }
            try createDatabase(at: path, fileSystem: fileSystem, busy: busy)
        }
        try requireDatabaseFile(path, fileSystem: fileSystem)
        let database = try AssetDatabase(path: path, busy: busy, durability: fileSystem.durability)
        try database.checkSchema()
        return database
    }

    /// A missing or empty (0 bytes) database file is damage.
    private static func requireDatabaseFile(_ path: String, fileSystem: FileSystem) throws(MediaLibraryError) {
        let status: FileStatus?
        do throws(FileSystemError) {
            status = try fileSystem.statusOfItem(at: path)
        } catch {
            throw .fileSystem(error)
        }
        guard let status else {
            throw .damagedLibrary(path: path, reason: missingDatabaseReason)
        }
        guard status.sizeBytes > 0 else {
            throw .damagedLibrary(path: path, reason: "is empty (0 bytes), so the library's photos are unknown")
        }
    }

    /// Builds the schema under a temporary name, then renames the finished file into place.
    private static func createDatabase(at path: String, fileSystem: FileSystem, busy: SQLiteBusyPolicy) throws(MediaLibraryError) {
        let staging = path + ".new"
        do throws(FileSystemError) {
            for suffix in ["", "-wal", "-shm", "-journal"] { try fileSystem.removeItem(at: staging + suffix) }
        } catch {
            throw .writing(error)
        }
        let database = try AssetDatabase(path: staging, busy: busy, durability: fileSystem.durability)
        try database.createSchema()
        database.close()
        do throws(FileSystemError) {
            try fileSystem.moveItem(at: staging, to: path)
        } catch {
            throw .writing(error)
        }
    }

    /// True when a write-ahead log is at `path` with anything in it.
    private static func holdsFrames(_ path: String, fileSystem: FileSystem) throws(MediaLibraryError) -> Bool {
        do throws(FileSystemError) {
            return (try fileSystem.statusOfItem(at: path)?.sizeBytes ?? 0) > 0
        } catch {
            throw .fileSystem(error)
        }
    }

    private static func exists(_ path: String, fileSystem: FileSystem) throws(MediaLibraryError) -> Bool {
        do throws(FileSystemError) {
            return try fileSystem.statusOfItem(at: path) != nil
        } catch {
            throw .fileSystem(error)
        }
    }

    /// The names in `folder`, sorted; none when it does not exist.
    static func entries(of folder: String, fileSystem: FileSystem) throws(MediaLibraryError) -> [String] {
        do throws(FileSystemError) {
            guard try fileSystem.statusOfItem(at: folder) != nil else { return [] }
            return try fileSystem.contentsOfDirectory(at: folder)
        } catch {
            throw .fileSystem(error)
        }
    }
}
