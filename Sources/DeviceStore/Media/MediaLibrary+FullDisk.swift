import Core

extension MediaLibrary {
    /// Removes assets from a library whose disk is too full for its database to take a write,
    /// by removing their files first: the way to free space on a full disk must not need space.
    ///
    /// Under the writers' lock, the identifiers are looked up through a reading open (which needs
    /// no space; an unknown one fails with nothing removed, as ``remove(localIdentifiers:)``), the
    /// files are unlinked, and then the rows are deleted in one transaction, now that there is room.
    /// If even then the rows cannot be deleted, the call fails with
    /// ``MediaLibraryError/rowsKeptOnFullDisk(count:path:)``: the photos stay listed as missing
    /// (``MediaAsset/isMissing``) until a later remove, which then needs no room for files.
    /// A kill between the two steps leaves the same state. Nothing but the named photos' own
    /// files is ever deleted.
    public static func removeMakingRoom(
        localIdentifiers: [String], mediaFolder: String, fileSystem: FileSystem, databaseBusy: SQLiteBusyPolicy = .failAtOnce,
        lockWaiting: LockWaiting = VirtualLockWaiting(), lockTimeoutSeconds: Double = DeviceSet.defaultLockTimeoutSeconds,
        processName: String = "simctl"
    ) throws(MediaLibraryError) -> [MediaAsset] {
        try checkLayout(mediaFolder, fileSystem: fileSystem, mayBeMissing: false)
        let lock = FileLock(path: mediaFolder.appendingPathComponent(lockFileName), holderName: processName,
                            waiting: lockWaiting, timeoutSeconds: lockTimeoutSeconds)
        return try withLock(lock) { () throws(MediaLibraryError) -> [MediaAsset] in
            let reader = try openDatabaseForReading(in: mediaFolder, fileSystem: fileSystem, busy: databaseBusy)
            try reader.checkRows()
            let found = try lookUp(localIdentifiers, in: reader)
            reader.close()
            for asset in found.assets {
                removeOwnedFile(mediaFolder.appendingPathComponent(asset.path), fileSystem: fileSystem)
            }
            let path = mediaFolder.appendingPathComponent(databaseRelativePath)
            do throws(MediaLibraryError) {
                let writer = try AssetDatabase(path: path, busy: databaseBusy, durability: fileSystem.durability)
                try writer.delete(found.identifiers)
                writer.close()
            } catch .diskFull {
                throw .rowsKeptOnFullDisk(count: found.assets.count, path: path)
            }
            return found.assets
        }
    }

    /// The assets of `localIdentifiers` in the given order, each once.
    ///
    /// - Throws: ``MediaLibraryError/unknownAsset(_:)`` for the first one the library does not have.
    static func lookUp(_ localIdentifiers: [String],
                       in database: AssetDatabase) throws(MediaLibraryError) -> (identifiers: [AssetIdentifier], assets: [MediaAsset]) {
        var identifiers: [AssetIdentifier] = []
        var assets: [MediaAsset] = []
        var seen = Set<AssetIdentifier>()
        for localIdentifier in localIdentifiers {
            guard let identifier = AssetIdentifier(localIdentifier: localIdentifier),
                  let asset = try database.asset(identifier) else {
                throw .unknownAsset(localIdentifier)
            }
            guard seen.insert(identifier).inserted else { continue }
            identifiers.append(identifier)
            assets.append(asset)
        }
        return (identifiers, assets)
    }

    /// Unlinks a removed asset's file when it is a file (or a symbolic link, which is unlinked,
    /// not followed); a folder put there by hand is left alone.
    static func removeOwnedFile(_ path: String, fileSystem: FileSystem) {
        guard let status = try? fileSystem.statusOfItem(at: path), status.kind != .directory else { return }
        try? fileSystem.removeItem(at: path)
    }
}
