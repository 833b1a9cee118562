import Core

extension MediaLibrary {
    /// The body of ``remove(localIdentifiers:)`` once the lock is held: look every identifier up,
    /// delete the rows in one transaction, then the files.
    func removeLocked(_ localIdentifiers: [String]) throws(MediaLibraryError) -> [MediaAsset] {
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
        try database.delete(identifiers)
        // The rows are gone, so the assets are. A file that cannot be removed now is an orphan,
        // which the next writing open moves aside; failing here would report a removal that happened.
        for asset in assets { removeOwnedFile(absolutePath(asset.path)) }
        return assets
    }

    /// Unlinks a removed asset's file when it is a file (or a symbolic link, which is unlinked,
    /// not followed); a folder put there by hand is left alone.
    private func removeOwnedFile(_ path: String) {
        guard let status = try? fileSystem.statusOfItem(at: path), status.kind != .directory else { return }
        try? fileSystem.removeItem(at: path)
    }
}
