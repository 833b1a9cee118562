import Core

extension DeviceSet {
    /// Creates the device's media library and adds the stock photos a new device comes with.
    func provisionMedia(paths: DevicePaths) throws(DeviceSetError) {
        _ = try withMediaLibrary(paths, access: .create) { (library) throws(MediaLibraryError) in try library.addStockPhotos() }
    }

    /// Adds photos to a booted device's library, all or nothing (`simctl addmedia`). A folder
    /// among the paths is refused by name before any file is read.
    ///
    /// Apple's `addmedia` needs a booted device. The set's lock is held shared for the whole
    /// import: other imports run beside it (the media library serializes their writes), while
    /// `erase` and `delete`, which take it exclusively, wait until it is done. Only regular files
    /// are read, without blocking, so a FIFO or a device cannot hold the lock for ever.
    public func addMedia(_ selector: DeviceSelector, paths filePaths: [String],
                         progress: (_ stored: Int, _ total: Int) -> Void = { _, _ in }) throws(DeviceSetError) -> [MediaAsset] {
        guard !filePaths.isEmpty else {
            throw .noMediaFiles
        }
        return try withLock(exclusive: false) { () throws(DeviceSetError) -> [MediaAsset] in
            let device = try bootedDevice(selector)
            for filePath in filePaths where (try? fileSystem.contentsOfDirectory(at: filePath)) != nil {
                throw .mediaPathIsFolder(filePath)
            }
            return try withMediaLibrary(device.paths, access: .readWrite) { (library) throws(MediaLibraryError) in
                try library.add(filePaths.map(MediaSource.init(filePath:)), progress: progress)
            }
        }
    }

    /// The photos of a device's library, sorted by creation date then file name. Any state.
    /// Reads only: nothing in the library is created, moved or written, so it works on a set
    /// this user can only read (see ``withLock(exclusive:forReading:_:)``).
    public func mediaAssets(_ selector: DeviceSelector) throws(DeviceSetError) -> [MediaAsset] {
        try withLock(exclusive: false, forReading: true) { () throws(DeviceSetError) -> [MediaAsset] in
            try withMediaLibrary(try device(selector).paths, access: .readOnly) { (library) throws(MediaLibraryError) in
                try library.assets()
            }
        }
    }

    /// Removes photos by local identifier, all or nothing. Any state.
    ///
    /// On a disk too full for the database to take the removal, the photos' files go first to
    /// make room (``MediaLibrary/removeMakingRoom(localIdentifiers:mediaFolder:fileSystem:databaseBusy:lockWaiting:lockTimeoutSeconds:processName:)``),
    /// so a full disk can always be freed this way.
    public func removeMedia(_ selector: DeviceSelector, localIdentifiers: [String]) throws(DeviceSetError) -> [MediaAsset] {
        guard !localIdentifiers.isEmpty else {
            throw .noLocalIdentifiers
        }
        return try withLock(exclusive: false) { () throws(DeviceSetError) -> [MediaAsset] in
            let paths = try device(selector).paths
            do throws(DeviceSetError) {
                return try withMediaLibrary(paths, access: .readWrite) { (library) throws(MediaLibraryError) in
                    try library.remove(localIdentifiers: localIdentifiers)
                }
            } catch .media(.diskFull) {
                do throws(MediaLibraryError) {
                    try checkContainment(paths)
                    return try MediaLibrary.removeMakingRoom(
                        localIdentifiers: localIdentifiers, mediaFolder: paths.mediaPath, fileSystem: fileSystem,
                        databaseBusy: databaseBusyPolicy, lockWaiting: lockWaiting, lockTimeoutSeconds: lockTimeoutSeconds,
                        processName: processName)
                } catch {
                    throw .media(error)
                }
            }
        }
    }

    /// Opens a device's media library for apps run on it in the simulated world (`simctl run
    /// --device`): the world's clock and random stream, with the set's waiting for locks. The
    /// device is shared with every other command on the set, so its locks wait as `simctl`'s do
    /// (the live waiter, the set's bound and process name), and the same containment check as
    /// `addmedia`'s refuses a data folder that leads out of the device.
    public func openMediaLibrary(_ selector: DeviceSelector, fileSystem: FileSystem, clock: WallClock,
                                 random: RandomSource) throws(DeviceSetError) -> MediaLibrary {
        let paths = try device(selector).paths
        do throws(MediaLibraryError) {
            try checkContainment(paths)
            return try MediaLibrary(mediaFolder: paths.mediaPath, fileSystem: fileSystem, clock: clock, random: random,
                                    access: .readWrite, databaseBusy: databaseBusyPolicy, lockWaiting: lockWaiting,
                                    lockTimeoutSeconds: lockTimeoutSeconds, processName: processName)
        } catch {
            throw .media(error)
        }
    }

    /// How the media database waits for another program's lock: as the set's lock does, through
    /// the same waiter and up to the same bound.
    private var databaseBusyPolicy: SQLiteBusyPolicy {
        .waiting(lockWaiting, timeoutSeconds: lockTimeoutSeconds)
    }

    /// Opens the device's media library and runs `body` on it, its errors as ``DeviceSetError/media(_:)``.
    /// The library's lock waits as the set's does (same seam, bound and process name).
    ///
    /// The Media folder must resolve to `<device>/data/Media`: a symbolic link anywhere between
    /// the device's folder and its library is damage, so nothing reads or writes outside it.
    private func withMediaLibrary<Result>(
        _ paths: DevicePaths, access: MediaLibrary.Access, _ body: (MediaLibrary) throws(MediaLibraryError) -> Result
    ) throws(DeviceSetError) -> Result {
        do throws(MediaLibraryError) {
            try checkContainment(paths)
            return try body(try MediaLibrary(mediaFolder: paths.mediaPath, fileSystem: fileSystem, clock: clock,
                                             random: mediaRandom, access: access, databaseBusy: databaseBusyPolicy,
                                             lockWaiting: lockWaiting, lockTimeoutSeconds: lockTimeoutSeconds,
                                             processName: processName))
        } catch {
            throw .media(error)
        }
    }

    /// Refuses a data folder that is a symbolic link (or resolves outside the device's folder).
    private func checkContainment(_ paths: DevicePaths) throws(MediaLibraryError) {
        let status: FileStatus?
        let resolved: String, expected: String
        do throws(FileSystemError) {
            status = try fileSystem.statusOfItem(at: paths.dataPath)
            guard status != nil else { return }
            resolved = try fileSystem.resolvedPath(of: paths.dataPath)
            expected = try fileSystem.resolvedPath(of: paths.devicePath).appendingPathComponent("data")
        } catch {
            throw .fileSystem(error)
        }
        guard let status, status.kind == .directory, resolved == expected else {
            throw .damagedLibrary(path: paths.dataPath, reason: "is a \(status?.kind.rawValue ?? "link") leading outside the device's folder")
        }
    }
}
