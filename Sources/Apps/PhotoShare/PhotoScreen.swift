import Core
import Platform

/// One photo at full size (a high-quality, aspect-fill request at the asset's pixel size, as the
/// seed asks) with "Tweet": the compose sheet when the service is available, else the app's
/// "unavailable" dialog. Either way out of the sheet is recorded in the shared list.
final class PhotoScreen: Screen {
    unowned let app: PhotoShareApp
    let asset: PhotoAsset
    private(set) var image: Bitmap?
    private var failure: String?

    /// The text and link the sheet starts with.
    static let initialText = "A photo from my library, shared with PhotoShare."
    static let link = "https://photosim.example/photoshare"

    init(app: PhotoShareApp, asset: PhotoAsset) {
        self.app = app
        self.asset = asset
        super.init(environment: app.environment)
    }

    override var title: String { "Photo" }

    override func viewDidLoad() throws {
        let target = ImageTargetSize(width: max(1, asset.pixelWidth), height: max(1, asset.pixelHeight))
        _ = try environment.imageManager.requestImage(for: asset, targetSize: target, contentMode: .aspectFill,
                                                      options: ImageRequestOptions(deliveryMode: .highQualityFormat)) {
            [weak self] image, info in
            self?.show(image, info: info)
        }
    }

    override var elements: [Element] {
        var shown: [Element] = []
        if let failure {
            shown.append(Element(kind: .label, label: failure, identifier: "error"))
        } else if let image {
            let scale = Double(environment.device.screenScale)
            shown.append(Element(kind: .image, label: "Photo", identifier: "photo", value: "\(image.width)x\(image.height)",
                                 image: DisplayedImage(bitmap: image, widthPoints: Double(image.width) / scale,
                                                       heightPoints: Double(image.height) / scale)))
        } else {
            shown.append(Element(kind: .label, label: "Loading…", identifier: "loading"))
        }
        shown.append(Element(kind: .button, label: "Tweet", isEnabled: image != nil) { [unowned self] in try self.tweet() })
        return shown
    }

    private func show(_ image: Bitmap?, info: ImageResultInfo) {
        self.image = image
        guard image == nil else { return }
        failure = info.error?.code == 3201 ? "This photo is no longer in your library."
            : "This photo cannot be shown: \(info.error?.localizedDescription ?? "no image")"
    }

    private func tweet() throws {
        guard let image else { return }
        guard ComposeViewController.isAvailable(forServiceType: .twitter, environment: environment) else {
            let alert = AlertScreen(title: "Twitter Unavailable",
                                    message: "Sign in to a Twitter account in Settings to tweet this photo.",
                                    preferredStyle: .alert, environment: environment)
            alert.addAction(AlertAction(title: "OK", style: .cancel))
            return try present(alert)
        }
        let sheet = ComposeViewController(serviceType: .twitter, environment: environment)
        sheet.setInitialText(Self.initialText)
        sheet.addURL(Self.link)
        sheet.addImage(image)
        sheet.completionHandler = { [weak self] result in try self?.finish(result) }
        try present(sheet)
    }

    private func finish(_ result: ComposeResult) throws {
        do {
            try app.record(result, for: asset)
        } catch {
            let alert = AlertScreen(title: "Could Not Save", message: "\(error)", preferredStyle: .alert, environment: environment)
            alert.addAction(AlertAction(title: "OK", style: .cancel))
            try present(alert)
        }
    }
}
