import Core
import Platform

/// The grid's thumbnails, as the seed's item renderer makes them: one 100x100 aspect-fill
/// opportunistic request per asset, showing the degraded result, then the final one.
///
/// A memory warning empties it; the next reload asks again.
final class AssetThumbnails {
    /// What a cell shows for one asset.
    enum State {
        case loading
        case degraded(Bitmap)
        case final(Bitmap)
        case failed(String)

        /// The cell's value: `loading`, `degraded`, `final` or `no image`.
        var name: String {
            switch self {
            case .loading: return "loading"
            case .degraded: return "degraded"
            case .final: return "final"
            case .failed: return "no image"
            }
        }

        var bitmap: Bitmap? {
            switch self {
            case .degraded(let bitmap), .final(let bitmap): return bitmap
            case .loading, .failed: return nil
            }
        }
    }

    static let targetSize = ImageTargetSize(width: 100, height: 100)
    /// The cell's side in points.
    static let cellPoints = 100.0

    private let imageManager: ImageManager
    private var states: [String: State] = [:]

    init(imageManager: ImageManager) {
        self.imageManager = imageManager
    }

    /// Asks for `asset`'s thumbnail unless it is loaded or on its way.
    func request(_ asset: PhotoAsset) throws {
        let identifier = asset.localIdentifier
        guard states[identifier] == nil else { return }
        states[identifier] = .loading
        _ = try imageManager.requestImage(for: asset, targetSize: Self.targetSize, contentMode: .aspectFill,
                                          options: ImageRequestOptions(deliveryMode: .opportunistic)) {
            [weak self] image, info in
            self?.receive(image, info: info, for: identifier)
        }
    }

    /// What the cell for `asset` shows now.
    func state(of asset: PhotoAsset) -> State {
        states[asset.localIdentifier] ?? .loading
    }

    /// The image to draw for `asset`, if one has arrived.
    func displayedImage(of asset: PhotoAsset) -> DisplayedImage? {
        state(of: asset).bitmap.map { DisplayedImage(bitmap: $0, widthPoints: Self.cellPoints, heightPoints: Self.cellPoints) }
    }

    func removeAll() {
        states.removeAll()
    }

    private func receive(_ image: Bitmap?, info: ImageResultInfo, for identifier: String) {
        guard states[identifier] != nil else { return }
        if let image {
            states[identifier] = info.isDegraded ? .degraded(image) : .final(image)
        } else {
            states[identifier] = .failed(info.error?.localizedDescription ?? "no image")
        }
    }
}
