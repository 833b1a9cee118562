import Core
import Platform

/// PhotoShare's only root screen: the grid of every photo ("Photo 1" ..., oldest first, each
/// identified by its `localIdentifier`, its value the thumbnail's state) and the shared list
/// below ("Tweeted" / "Cancelled", one row per log entry; a photo gone from the library says so).
///
/// It asks for read-write access when it first loads, then shows what the answer allows: every
/// photo, the selected ones (limited), or a note that access is off.
final class PhotoBrowserScreen: Screen {
    unowned let app: PhotoShareApp
    private let thumbnails: AssetThumbnails
    private(set) var assets: [PhotoAsset] = []
    private var shared: [(reference: AssetReference, asset: PhotoAsset?)] = []
    private var status = PhotoLibraryAuthorization.notDetermined
    private var sharedError: String?

    init(app: PhotoShareApp) {
        self.app = app
        thumbnails = AssetThumbnails(imageManager: app.environment.imageManager)
        super.init(environment: app.environment)
    }

    override var title: String { "PhotoShare" }

    override func viewDidLoad() throws {
        try environment.photoLibrary.requestAuthorization(for: .readWrite) { [weak self] _ in
            // Photos answers on its own queue; the screen changes on the main queue.
            self?.environment.mainQueue.async("show photos") { [weak self] in try self?.reload() }
        }
    }

    override func viewWillAppear() throws {
        if status != .notDetermined { try reload() }
    }

    override func didReceiveMemoryWarning() throws {
        thumbnails.removeAll()
    }

    override var elements: [Element] {
        var shown: [Element] = []
        if status == .denied || status == .restricted {
            shown.append(Element(kind: .label, label: "PhotoShare cannot show your photos. Allow access in Settings > "
                                 + "Privacy > Photos.", identifier: "noAccess"))
        }
        shown.append(Element(kind: .label, label: "Photos", identifier: "photosHeader"))
        for (index, asset) in assets.enumerated() {
            shown.append(Element(kind: .cell, label: "Photo \(index + 1)", identifier: asset.localIdentifier,
                                 value: thumbnails.state(of: asset).name, image: thumbnails.displayedImage(of: asset),
                                 onTap: { [unowned self] in try self.push(PhotoScreen(app: self.app, asset: asset)) }))
        }
        shown.append(Element(kind: .label, label: "Shared", identifier: "sharedHeader"))
        if let message = sharedError ?? app.logError { shown.append(Element(kind: .label, label: message, identifier: "error")) }
        for entry in shared { shown.append(sharedElement(entry)) }
        return shown
    }

    /// Fetches the photos the app may see, asks for their thumbnails and resolves the shared list.
    private func reload() throws {
        status = environment.photoLibrary.authorizationStatus(for: .readWrite)
        guard status == .authorized || status == .limited else {
            assets = []
            shared = []
            return
        }
        assets = try environment.photoLibrary.fetchImageAssets()
        for asset in assets { try thumbnails.request(asset) }
        do {
            shared = try app.sharedPhotos()
            sharedError = nil
        } catch {
            sharedError = "Shared photos cannot be listed: \(error)"
        }
        for case let asset? in shared.map(\.asset) { try thumbnails.request(asset) }
    }

    private func sharedElement(_ entry: (reference: AssetReference, asset: PhotoAsset?)) -> Element {
        let action = PhotoShareApp.title(of: entry.reference.action)
        let identifier = "shared-\(entry.reference.sequence)"
        guard let asset = entry.asset else {
            return Element(kind: .cell, label: "\(action): no longer in your library", identifier: identifier,
                           value: entry.reference.identifier.rawValue)
        }
        return Element(kind: .cell, label: action, identifier: identifier, value: asset.localIdentifier,
                       image: thumbnails.displayedImage(of: asset))
    }
}
