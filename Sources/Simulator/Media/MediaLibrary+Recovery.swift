import Core

extension MediaLibrary {
    /// Moves every file of `DCIM/100APPLE` that no row points at into `PhotoData/Orphans/`:
    /// files of an `add` killed before its commit, files of a `remove` killed after its commit,
    /// temporary files of a half-done atomic write, and anything else put there by hand. Folders are left
    /// where they are. Runs under the lock when a library opens for writing, after the database
    /// checked out, so a row is never missed.
    ///
    /// - Returns: the names moved, sorted.
    @discardableResult
    func moveOrphansAside() throws(MediaLibraryError) -> [String] {
        let known = try database.fileNames(inDirectory: CameraRollName.directory)
        let folder = absolutePath(CameraRollName.directory)
        var moved: [String] = []
        for name in try Self.entries(of: folder, fileSystem: fileSystem) where !known.contains(name) {
            if try moveAside(folder.appendingPathComponent(name)) { moved.append(name) }
        }
        return moved
    }

    /// Moves the file (or symbolic link) at `path` into `PhotoData/Orphans/` under its own name,
    /// or its name with `.2`, `.3` ... when that is taken. A folder is not moved.
    /// - Returns: false when `path` is a folder or is gone.
    @discardableResult
    func moveAside(_ path: String) throws(MediaLibraryError) -> Bool {
        let maximumSuffix = 10_000
        let orphans = absolutePath(Self.orphansDirectory)
        do throws(FileSystemError) {
            guard let status = try fileSystem.statusOfItem(at: path), status.kind != .directory else { return false }
            try fileSystem.createDirectory(at: orphans)
            for suffix in 1...maximumSuffix {
                let name = path.lastPathComponent + (suffix == 1 ? "" : ".\(suffix)")
                do throws(FileSystemError) {
                    try fileSystem.moveItem(at: path, to: orphans.appendingPathComponent(name))
                    return true
                } catch {
                    guard case .alreadyExists = error else { throw error }
                }
            }
            throw FileSystemError.alreadyExists(path: orphans.appendingPathComponent(path.lastPathComponent + ".\(maximumSuffix)"))
        } catch {
            throw .writing(error)
        }
    }
}
