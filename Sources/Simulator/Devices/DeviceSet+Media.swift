import Core

extension DeviceSet {
    /// Opens the device's media library and adds the stock photos a new device comes with.
    func provisionMedia(paths: DevicePaths) throws(SimctlError) {
        _ = try withMediaLibrary(paths) { (library) throws(MediaLibraryError) in try library.addStockPhotos() }
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
            return try withMediaLibrary(device.paths) { (library) throws(MediaLibraryError) in
                let sources = try filePaths.map { (filePath) throws(MediaLibraryError) in
                    try MediaSource.read(path: filePath, fileSystem: fileSystem)
                }
                return try library.add(sources)
            }
        }
    }

    /// The photos of a device's library, sorted by creation date then file name. Any state.
    public func mediaAssets(_ selector: String) throws(SimctlError) -> [MediaAsset] {
        try withLock(exclusive: false) { () throws(SimctlError) -> [MediaAsset] in
            try withMediaLibrary(try device(selector).paths) { (library) throws(MediaLibraryError) in try library.assets() }
        }
    }

    /// Removes photos by local identifier, all or nothing. Any state.
    public func removeMedia(_ selector: String, localIdentifiers: [String]) throws(SimctlError) -> [MediaAsset] {
        guard !localIdentifiers.isEmpty else {
            throw .invalidArguments(subcommand: "media", reason: "No local identifiers given.")
        }
        return try withLock(exclusive: false) { () throws(SimctlError) -> [MediaAsset] in
            try withMediaLibrary(try device(selector).paths) { (library) throws(MediaLibraryError) in
                try library.remove(localIdentifiers: localIdentifiers)
            }
        }
    }

    /// Opens the device's media library and runs `body` on it, its errors as ``SimctlError/media(_:)``.
    private func withMediaLibrary<Result>(
        _ paths: DevicePaths, _ body: (MediaLibrary) throws(MediaLibraryError) -> Result
    ) throws(SimctlError) -> Result {
        do throws(MediaLibraryError) {
            return try body(try MediaLibrary(mediaFolder: paths.mediaPath, fileSystem: fileSystem, clock: clock, random: random))
        } catch {
            throw .media(error)
        }
    }
}
