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
        // which the next open removes; failing here would report a removal that happened.
        for asset in assets { try? fileSystem.removeItem(at: absolutePath(asset.path)) }
        return assets
    }
}
