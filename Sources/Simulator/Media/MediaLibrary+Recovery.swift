import Core

extension MediaLibrary {
    /// Deletes every entry of `DCIM/100APPLE` that no row points at: files of an `add` killed
    /// before its commit, files of a `remove` killed after its commit, temporary files of a
    /// half-done atomic write. Runs under the lock when the library opens.
    ///
    /// - Returns: the names removed, sorted.
    @discardableResult
    func removeOrphans() throws(MediaLibraryError) -> [String] {
        let known = try database.fileNames(inDirectory: CameraRollName.directory)
        let folder = absolutePath(CameraRollName.directory)
        do throws(FileSystemError) {
            let orphans = try fileSystem.contentsOfDirectory(at: folder).filter { !known.contains($0) }
            for name in orphans { try fileSystem.removeItem(at: folder.appendingPathComponent(name)) }
            return orphans
        } catch {
            throw .fileSystem(error)
        }
    }
}
