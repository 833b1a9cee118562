import Core

/// The media library answers an app's stored `localIdentifier`s through the `ZUUID` index, so an
/// ``AssetReferenceLog`` resolves against a device's real library after a relaunch.
extension MediaLibrary: AssetLookup {
    public func assets(for identifiers: [AssetIdentifier]) throws -> [AssetIdentifier: AssetSummary] {
        var found: [AssetIdentifier: AssetSummary] = [:]
        for identifier in identifiers where found[identifier] == nil {
            guard let asset = try database.asset(identifier) else { continue }
            found[identifier] = AssetSummary(identifier: identifier, pixelWidth: asset.pixelWidth,
                                             pixelHeight: asset.pixelHeight, creationDate: asset.creationDate)
        }
        return found
    }
}
