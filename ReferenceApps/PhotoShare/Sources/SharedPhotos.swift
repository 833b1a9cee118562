import Core
import Photos
import Social

/// The photos shared or cancelled, by `localIdentifier`, kept across launches in Core's log
/// (`Library/Application Support`); a photo gone from the library is still listed, as gone.
final class SharedPhotos {
    private let log: AssetReferenceLog?
    /// Why the log could not be opened, for the browser to show.
    let openError: String?

    init() {
        let path = AssetReferenceLog.path(containerPath: NSHomeDirectory())
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            log = try AssetReferenceLog(path: path, clock: DeviceClock(), fileSystem: POSIXFileSystem())
            openError = nil
        } catch {
            log = nil
            openError = "Shared photos cannot be listed: \(error)"
        }
    }

    deinit { log?.close() }

    /// What the user did with `asset` in the compose sheet: posted is "Tweeted", else "Cancelled".
    func record(_ result: SLComposeViewControllerResult, for asset: PHAsset) throws {
        guard let log, let identifier = AssetIdentifier(rawValue: asset.localIdentifier) else { return }
        _ = try log.record(result == .done ? .shared : .cancelled, for: identifier)
    }

    /// The log's entries in the order recorded, each with its asset while the library has it.
    func entries() throws -> [(reference: AssetReference, asset: PHAsset?)] {
        guard let log else { return [] }
        let lookup = PhotosLookup()
        let resolution = try log.resolve(with: lookup)
        var entries: [(reference: AssetReference, asset: PHAsset?)] = resolution.resolved.map {
            ($0.reference, lookup.found[$0.asset.identifier])
        }
        entries += resolution.missing.map { ($0, nil) }
        return entries.sorted { $0.reference.sequence < $1.reference.sequence }
    }

    /// How the list names what was done: the texts' words.
    static func title(of action: AssetAction) -> String {
        action == .shared ? "Tweeted" : "Cancelled"
    }
}

/// Core's lookup answered by Photos: one fetch by `localIdentifier` for every identifier asked for.
final class PhotosLookup: AssetLookup {
    private(set) var found: [AssetIdentifier: PHAsset] = [:]

    func assets(for identifiers: [AssetIdentifier]) throws -> [AssetIdentifier: AssetSummary] {
        found = [:]
        var summaries: [AssetIdentifier: AssetSummary] = [:]
        PHAsset.fetchAssets(withLocalIdentifiers: identifiers.map(\.rawValue), options: nil).enumerateObjects { asset, _, _ in
            guard let identifier = AssetIdentifier(rawValue: asset.localIdentifier) else { return }
            self.found[identifier] = asset
            summaries[identifier] = AssetSummary(identifier: identifier, pixelWidth: asset.pixelWidth,
                                                 pixelHeight: asset.pixelHeight, creationDate: asset.creationDate)
        }
        return summaries
    }
}

/// Core's clock as the app reads the time: `Date()`.
final class DeviceClock: WallClock {
    var now: Date { Date() }
}
