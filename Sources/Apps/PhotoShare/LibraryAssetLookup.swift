import Core
import Platform

/// Core's ``AssetLookup`` answered by the app's photo library: one fetch by `localIdentifier`
/// (the library's index) for every identifier asked for; assets the app cannot see are absent.
final class LibraryAssetLookup: AssetLookup {
    private let library: PhotoLibrary
    /// The assets found by the last lookup, by identifier.
    private var found: [AssetIdentifier: PhotoAsset] = [:]

    init(library: PhotoLibrary) {
        self.library = library
    }

    func assets(for identifiers: [AssetIdentifier]) throws -> [AssetIdentifier: AssetSummary] {
        found = [:]
        var summaries: [AssetIdentifier: AssetSummary] = [:]
        for asset in try library.fetchAssets(withLocalIdentifiers: identifiers.map(\.rawValue)) {
            guard let identifier = AssetIdentifier(rawValue: asset.localIdentifier), asset.pixelWidth > 0,
                  asset.pixelHeight > 0 else { continue }
            found[identifier] = asset
            summaries[identifier] = AssetSummary(identifier: identifier, pixelWidth: asset.pixelWidth,
                                                 pixelHeight: asset.pixelHeight, creationDate: asset.creationDate)
        }
        return summaries
    }

    /// The asset the last lookup found for `identifier`.
    func asset(for identifier: AssetIdentifier) -> PhotoAsset? {
        found[identifier]
    }
}
