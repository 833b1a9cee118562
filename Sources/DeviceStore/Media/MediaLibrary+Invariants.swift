import Core

extension MediaLibrary {
    /// Checks rows against files and returns every broken rule; empty when the library is sound.
    ///
    /// Rules: every row's file exists with the recorded size; every entry of `DCIM/100APPLE` has a
    /// row (orphans a killed call leaves are removed when a library opens, so they count only
    /// until then); file names are `IMG_dddd.JPG`/`.PNG` matching the type, below the counter.
    /// Lists the whole folder and table: for tests and diagnostics, not for every call. A library
    /// opened for writing is checked under its writers' lock, so another process's import under
    /// way on the same device (its files are written before its rows) is waited for, not reported.
    public func checkInvariants() throws(MediaLibraryError) -> [String] {
        guard let lock else { return try checkInvariantsNow() }
        return try Self.withLock(lock) { () throws(MediaLibraryError) in try checkInvariantsNow() }
    }

    private func checkInvariantsNow() throws(MediaLibraryError) -> [String] {
        let assets = try assets()
        let counter = try database.nextNumber()
        var problems: [String] = []
        for asset in assets { problems += check(asset, counter: counter) }
        let known = Set(assets.map(\.fileName))
        let folder = absolutePath(CameraRollName.directory)
        let names: [String]
        do throws(FileSystemError) {
            names = try fileSystem.contentsOfDirectory(at: folder)
        } catch {
            throw .fileSystem(error)
        }
        for name in names where !known.contains(name) {
            problems.append("\(CameraRollName.directory)/\(name) has no row (an orphan)")
        }
        return problems
    }

    private func check(_ asset: MediaAsset, counter: Int) -> [String] {
        var problems: [String] = []
        if let name = CameraRollName(fileName: asset.fileName) {
            if name.relativePath != asset.path { problems.append("\(asset.fileName) is at \(asset.path)") }
            if name.number >= counter { problems.append("\(asset.fileName) is not below the counter \(counter)") }
            if CameraRollName.uniformTypeIdentifier(name.format) != asset.uniformTypeIdentifier {
                problems.append("\(asset.fileName) has type \(asset.uniformTypeIdentifier)")
            }
        } else {
            problems.append("\(asset.fileName) is not a camera-roll name")
        }
        if AssetIdentifier(localIdentifier: asset.localIdentifier) == nil {
            problems.append("\(asset.fileName) has a malformed identifier \(asset.localIdentifier)")
        }
        do throws(FileSystemError) {
            let size = try fileSystem.sizeOfItem(at: absolutePath(asset.path))
            if size != asset.fileSize { problems.append("\(asset.path) is \(size) bytes, its row says \(asset.fileSize)") }
        } catch {
            problems.append("\(asset.path) is missing (\(error))")
        }
        return problems
    }
}
