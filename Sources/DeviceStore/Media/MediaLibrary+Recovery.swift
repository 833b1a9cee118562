import Core

extension MediaLibrary {
    /// At most this many files are kept in `PhotoData/Orphans`; past it the oldest go first.
    public static let maximumOrphanCount = 200
    /// At most this many bytes are kept in `PhotoData/Orphans` (the files' sizes); past it the
    /// oldest go first.
    public static let maximumOrphanBytes = 1 << 30

    /// Moves every file of `DCIM/100APPLE` that no row points at into `PhotoData/Orphans/`:
    /// files of an `add` killed before its commit, files of a `remove` killed after its commit,
    /// and anything else put there by hand. The temporary file of a half-done atomic write
    /// (`.IMG_0001.JPG.x7Kq2Z`) is not a photo, only part of one: it is deleted instead. Folders
    /// are left where they are. Runs under the lock when a library opens for writing, after the
    /// database checked out, so a row is never missed; ends by keeping the Orphans folder within
    /// its bounds (``trimOrphans()``).
    ///
    /// - Returns: the names moved, sorted.
    @discardableResult
    func moveOrphansAside() throws(MediaLibraryError) -> [String] {
        let known = try database.fileNames(inDirectory: CameraRollName.directory)
        let folder = absolutePath(CameraRollName.directory)
        var moved: [String] = []
        for name in try Self.entries(of: folder, fileSystem: fileSystem) where !known.contains(name) {
            let path = folder.appendingPathComponent(name)
            if Self.isTemporaryFileName(name) {
                try removeTemporaryFile(path)
            } else if try moveAside(path) {
                moved.append(name)
            }
        }
        if !moved.isEmpty { try trimOrphans() }
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

    /// Deletes the oldest files of `PhotoData/Orphans` (by modification time, then name) until at
    /// most ``maximumOrphanCount`` files of at most ``maximumOrphanBytes`` in all are left, so
    /// the folder does not grow without bound however many imports are killed. Folders put
    /// there by hand are left alone and not counted.
    func trimOrphans() throws(MediaLibraryError) {
        let folder = absolutePath(Self.orphansDirectory)
        var files: [(path: String, status: FileStatus)] = []
        for name in try Self.entries(of: folder, fileSystem: fileSystem) {
            let path = folder.appendingPathComponent(name)
            let status: FileStatus?
            do throws(FileSystemError) { status = try fileSystem.statusOfItem(at: path) } catch { throw .fileSystem(error) }
            if let status, status.kind != .directory { files.append((path, status)) }
        }
        files.sort { ($0.status.modificationNanoseconds, $0.path) < ($1.status.modificationNanoseconds, $1.path) }
        var bytes = files.reduce(0) { $0 + $1.status.sizeBytes }
        var count = files.count
        for file in files where count > Self.maximumOrphanCount || bytes > Self.maximumOrphanBytes {
            do throws(FileSystemError) { try fileSystem.removeItem(at: file.path) } catch { throw .writing(error) }
            count -= 1
            bytes -= file.status.sizeBytes
        }
    }

    /// True for the name `POSIXFileSystem`'s atomic writes give their temporary file: a dot, a
    /// camera-roll name, a dot and six letters or digits (`mkstemp`'s `XXXXXX`).
    static func isTemporaryFileName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let lastDot = name.lastIndex(of: "."), lastDot != name.startIndex else { return false }
        let suffix = name[name.index(after: lastDot)...]
        let target = String(name[name.index(after: name.startIndex)..<lastDot])
        return suffix.count == 6 && suffix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            && CameraRollName(fileName: target) != nil
    }

    /// Deletes a temporary file a killed write left (not a folder of that name).
    private func removeTemporaryFile(_ path: String) throws(MediaLibraryError) {
        do throws(FileSystemError) {
            guard let status = try fileSystem.statusOfItem(at: path), status.kind != .directory else { return }
            try fileSystem.removeItem(at: path)
        } catch {
            throw .writing(error)
        }
    }
}
