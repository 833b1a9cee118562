import Core
import DeviceStore
import Platform

/// The ``PhotoLibrary`` one launch of an app gets: authorization through its process, fetches
/// from the device's media library, filtered to what the app may see.
///
/// A library that cannot be read answers like an empty one (a fetch result cannot fail on iOS)
/// and writes a warning to the trace.
final class HostPhotoLibrary: PhotoLibrary {
    private weak var process: AppProcess?

    init(process: AppProcess) {
        self.process = process
    }

    func authorizationStatus(for accessLevel: PhotoLibraryAccessLevel) -> PhotoLibraryAuthorization {
        process?.photoLibraryStatus(for: accessLevel) ?? .notDetermined
    }

    func requestAuthorization(for accessLevel: PhotoLibraryAccessLevel,
                              handler: @escaping (PhotoLibraryAuthorization) throws -> Void) throws {
        guard let process, process.isAlive else { return }
        try process.requestPhotoLibraryAuthorization(accessLevel, handler: handler)
    }

    func fetchImageAssets() throws -> [PhotoAsset] {
        guard let process, process.isAlive, try process.checkSilentPhotoAccess() else { return [] }
        let assets: [MediaAsset]
        do {
            assets = try process.host.device.mediaLibrary.assets()
        } catch {
            process.trace.record(.photoLibraryUnreadable(reason: "\(error)"))
            return []
        }
        let visible = assets.filter { $0.isImage && process.canSeeAsset($0.localIdentifier) }.map(\.photoAsset)
        process.trace.record(.photosFetchedImages(visible: visible.count, total: assets.count))
        return visible
    }

    func fetchAssets(withLocalIdentifiers identifiers: [String]) throws -> [PhotoAsset] {
        guard let process, process.isAlive, try process.checkSilentPhotoAccess() else { return [] }
        var found: [PhotoAsset] = []
        var seen: Set<String> = []
        for identifier in identifiers where seen.insert(identifier).inserted {
            guard process.canSeeAsset(identifier) else { continue }
            do {
                if let asset = try process.host.device.mediaLibrary.asset(for: identifier) { found.append(asset.photoAsset) }
            } catch {
                process.trace.record(.photoLibraryUnreadable(reason: "\(error)"))
                return []
            }
        }
        process.trace.record(.photosFetchedIdentifiers(found: found.count, asked: seen.count))
        return found
    }
}

extension MediaAsset {
    /// The uniform type identifiers of still images.
    static let imageTypeIdentifiers: Set<String> = ["public.jpeg", "public.png", "public.heic", "com.compuserve.gif"]

    var isImage: Bool { Self.imageTypeIdentifiers.contains(uniformTypeIdentifier) }

    /// What an app sees of the asset (`PHAsset`).
    var photoAsset: PhotoAsset {
        PhotoAsset(localIdentifier: localIdentifier, mediaType: isImage ? .image : .unknown,
                   pixelWidth: pixelWidth, pixelHeight: pixelHeight, creationDate: creationDate)
    }
}
