import Core

extension DeviceSet {
    /// Opens the device's media library and adds the stock photos a new device comes with.
    func provisionMedia(paths: DevicePaths) throws(SimctlError) {
        do throws(MediaLibraryError) {
            _ = try mediaLibrary(paths).addStockPhotos()
        } catch {
            throw .media(error)
        }
    }

    /// Adds photos to a booted device's library, all or nothing (`simctl addmedia`). A folder
    /// among the paths is refused by name before any file is read.
    ///
    /// Apple's `addmedia` needs a booted device. The set's lock is held shared for the whole
    /// import: other imports run beside it (the media library serializes their writes), while
    /// `erase` and `delete`, which take it exclusively, wait until it is done.
    public func addMedia(_ selector: String, paths filePaths: [String]) throws(SimctlError) -> [MediaAsset] {
        guard !filePaths.isEmpty else {
            throw .invalidArguments(subcommand: "addmedia", reason: "No media files given.")
        }
        return try withLock(exclusive: false) { () throws(SimctlError) -> [MediaAsset] in
            let device = try bootedDevice(selector)
            for filePath in filePaths where (try? fileSystem.contentsOfDirectory(at: filePath)) != nil {
                throw .mediaPathIsFolder(filePath)
            }
            do throws(MediaLibraryError) {
                var sources: [MediaSource] = []
                for filePath in filePaths { sources.append(try MediaSource.read(path: filePath, fileSystem: fileSystem)) }
                return try mediaLibrary(device.paths).add(sources)
            } catch {
                throw .media(error)
            }
        }
    }

    /// The photos of a device's library, sorted by creation date then file name. Any state.
    public func mediaAssets(_ selector: String) throws(SimctlError) -> [MediaAsset] {
        try withLock(exclusive: false) { () throws(SimctlError) -> [MediaAsset] in
            let device = try device(selector)
            do throws(MediaLibraryError) {
                return try mediaLibrary(device.paths).assets()
            } catch {
                throw .media(error)
            }
        }
    }

    /// Removes photos by local identifier, all or nothing. Any state.
    public func removeMedia(_ selector: String, localIdentifiers: [String]) throws(SimctlError) -> [MediaAsset] {
        guard !localIdentifiers.isEmpty else {
            throw .invalidArguments(subcommand: "media", reason: "No local identifiers given.")
        }
        return try withLock(exclusive: false) { () throws(SimctlError) -> [MediaAsset] in
            let device = try device(selector)
            do throws(MediaLibraryError) {
                return try mediaLibrary(device.paths).remove(localIdentifiers: localIdentifiers)
            } catch {
                throw .media(error)
            }
        }
    }

    private func mediaLibrary(_ paths: DevicePaths) throws(MediaLibraryError) -> MediaLibrary {
        try MediaLibrary(mediaFolder: paths.mediaPath, fileSystem: fileSystem, clock: clock, random: random)
    }
}
