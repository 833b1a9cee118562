import Core

extension MediaLibrary {
    /// The body of ``remove(localIdentifiers:)`` once the lock is held: look every identifier up,
    /// delete the rows in one transaction, then the files.
    func removeLocked(_ localIdentifiers: [String]) throws(MediaLibraryError) -> [MediaAsset] {
        let found = try Self.lookUp(localIdentifiers, in: database)
        try database.delete(found.identifiers)
        // The rows are gone, so the assets are. A file that cannot be removed now is an orphan,
        // which the next writing open moves aside; failing here would report a removal that happened.
        for asset in found.assets { Self.removeOwnedFile(absolutePath(asset.path), fileSystem: fileSystem) }
        return found.assets
    }
}
