import Core
import Platform

/// A team's own app, as small as the Photos tests need: each button makes one Photos call with
/// what the test configured, and the app records what came back and in which order.
final class PhotosProbeApp: Application {
    /// One image request a test asks the probe to make.
    struct RequestPlan {
        var assetIndex = 0
        var targetSize = ImageTargetSize(width: 40, height: 40)
        var contentMode = ImageContentMode.aspectFit
        var deliveryMode = ImageRequestOptions.DeliveryMode.opportunistic
    }

    /// One call of a result handler.
    struct Result {
        let width: Int?
        let height: Int?
        let info: ImageResultInfo
    }

    let environment: AppEnvironment
    var plan = RequestPlan()
    var fetched: [PhotoAsset] = []
    var results: [Result] = []
    /// The last image delivered, kept as a cell would keep it.
    var lastImage: Bitmap?
    var requestIDs: [ImageRequestID] = []
    /// How many results had arrived when each `requestImage` returned.
    var resultsAtReturn: [Int] = []
    var authorizations: [PhotoLibraryAuthorization] = []
    var identifiersToFetch: [String] = []

    init(environment: AppEnvironment) {
        self.environment = environment
    }

    func didFinishLaunching() throws -> WindowContent { .navigation(root: PhotosProbeScreen(app: self)) }

    func fetch() throws {
        fetched = try environment.photoLibrary.fetchImageAssets()
    }

    func fetchByIdentifier() throws {
        fetched = try environment.photoLibrary.fetchAssets(withLocalIdentifiers: identifiersToFetch)
    }

    func request() throws {
        let asset = fetched[plan.assetIndex]
        let requestID = try environment.imageManager.requestImage(
            for: asset, targetSize: plan.targetSize, contentMode: plan.contentMode,
            options: ImageRequestOptions(deliveryMode: plan.deliveryMode)
        ) { [weak self] image, info in
            self?.results.append(Result(width: image?.width, height: image?.height, info: info))
            if let image { self?.lastImage = image }
        }
        requestIDs.append(requestID)
        resultsAtReturn.append(results.count)
    }

    func authorize(_ level: PhotoLibraryAccessLevel) throws {
        try environment.photoLibrary.requestAuthorization(for: level) { [weak self] status in
            self?.authorizations.append(status)
        }
    }
}

final class PhotosProbeScreen: Screen {
    unowned let app: PhotosProbeApp

    init(app: PhotosProbeApp) {
        self.app = app
        super.init(environment: app.environment)
    }

    override var title: String { "Photos Probe" }

    override var elements: [Element] {
        [
            Element(kind: .button, label: "Fetch") { [unowned self] in try self.app.fetch() },
            Element(kind: .button, label: "Fetch By Identifier") { [unowned self] in try self.app.fetchByIdentifier() },
            Element(kind: .button, label: "Request") { [unowned self] in try self.app.request() },
            Element(kind: .button, label: "Cancel Last") { [unowned self] in
                if let last = self.app.requestIDs.last { self.app.environment.imageManager.cancelImageRequest(last) }
            },
            Element(kind: .button, label: "Authorize") { [unowned self] in try self.app.authorize(.readWrite) },
            Element(kind: .button, label: "Authorize Add") { [unowned self] in try self.app.authorize(.addOnly) },
            Element(kind: .button, label: "Legacy Authorize") { [unowned self] in
                try self.app.environment.photoLibrary.requestAuthorization { [weak app = self.app] status in
                    app?.authorizations.append(status)
                }
            },
        ]
    }
}

/// Hands a test the probe app its host made.
final class PhotosProbeBox: @unchecked Sendable {
    var app: PhotosProbeApp?

    func definition(usageDescriptions: [UsageDescriptionKey: String] = [.photoLibrary: "Probe shows your photos.",
                                                                        .photoLibraryAdd: "Probe saves photos."])
        -> AppDefinition {
        AppDefinition(bundleIdentifier: "com.example.PhotosProbe", displayName: "Probe", usageDescriptions: usageDescriptions) { [self] in
            let app = PhotosProbeApp(environment: $0)
            self.app = app
            return app
        }
    }
}
