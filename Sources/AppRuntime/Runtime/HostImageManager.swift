import Core
import Platform

/// The ``ImageManager`` one launch of an app gets: requests served from the device's media
/// library, each result delivered on the main queue after a latency drawn from the `photos`
/// seed stream (1–5 ms for a small result, 10–40 ms more for a full one).
///
/// At each delivery the asset is looked up again by its identifier (the library's index): one
/// removed since the request, or one the app may no longer see, gets a single call with no image
/// and a `PHPhotosErrorDomain` error (3201 not found, 3311 denied, 3310 restricted). Decoding
/// counts in the app's memory meter.
final class HostImageManager: ImageManager {
    private weak var process: AppProcess?
    private var nextRequestNumber: Int32 = 1
    /// Requests that may still call their handler, in request order.
    private var pending: [ImageRequestID] = []

    init(process: AppProcess) {
        self.process = process
    }

    func requestImage(for asset: PhotoAsset, targetSize: ImageTargetSize, contentMode: ImageContentMode,
                      options: ImageRequestOptions,
                      resultHandler: @escaping (Bitmap?, ImageResultInfo) throws -> Void) throws -> ImageRequestID {
        guard let process, process.isAlive else { return .invalid }
        _ = try process.checkSilentPhotoAccess()
        let requestID = ImageRequestID(rawValue: nextRequestNumber)
        nextRequestNumber += 1
        pending.append(requestID)
        let name = displayName(of: asset.localIdentifier, in: process)
        process.trace.record(.imageRequested(request: Int(requestID.rawValue), asset: name, targetSize: "\(targetSize)",
                                             contentMode: "\(contentMode)", deliveryMode: "\(options.deliveryMode)"))
        let request = Request(id: requestID, asset: asset, name: name, targetSize: targetSize, contentMode: contentMode,
                              handler: resultHandler)
        schedule(request, plan: ImageRequestPlan(deliveryMode: options.deliveryMode), process: process)
        return requestID
    }

    func cancelImageRequest(_ requestID: ImageRequestID) {
        guard let index = pending.firstIndex(of: requestID) else { return }
        pending.remove(at: index)
        process?.trace.record(.imageRequestCancelled(request: Int(requestID.rawValue)))
    }

    // MARK: - Delivering

    private struct Request {
        let id: ImageRequestID
        let asset: PhotoAsset
        let name: String
        let targetSize: ImageTargetSize
        let contentMode: ImageContentMode
        let handler: (Bitmap?, ImageResultInfo) throws -> Void
    }

    private func schedule(_ request: Request, plan: ImageRequestPlan, process: AppProcess) {
        let host = process.host
        let stream = host.world.streams.stream("photos")
        var delay = Duration.zero
        for delivery in plan.deliveries {
            delay += .milliseconds(delivery.isSmall ? 1 + Int(stream.next(below: 5)) : 10 + Int(stream.next(below: 31)))
            let label = "image result \(request.id)" + (delivery.isDegraded ? " degraded" : "")
            host.world.scheduler.asyncAfter(delay: delay, on: host.world.scheduler.main, label: label) {
                [weak self, weak process] in
                guard let self, let process else { return }
                process.call { try self.deliver(delivery, of: request, isLast: delivery == plan.deliveries.last, in: process) }
            }
        }
    }

    private func deliver(_ delivery: ImageRequestPlan.Delivery, of request: Request, isLast: Bool,
                         in process: AppProcess) throws {
        guard pending.contains(request.id) else { return }
        if isLast { pending.removeAll { $0 == request.id } }
        var info = ImageResultInfo(isDegraded: delivery.isDegraded, requestID: request.id)
        let image: Bitmap
        switch load(request, small: delivery.isSmall, in: process) {
        case .success(let bitmap):
            image = bitmap
        case .failure(let error):
            pending.removeAll { $0 == request.id }
            info.isDegraded = false
            info.error = error
            process.trace.record(.imageMissing(request: Int(request.id.rawValue), asset: request.name, reason: "\(error)"))
            return try request.handler(nil, info)
        }
        process.trace.record(.imageDelivered(request: Int(request.id.rawValue), asset: request.name, width: image.width,
                                             height: image.height, isDegraded: delivery.isDegraded))
        try request.handler(image, info)
    }

    /// The asset's image at the delivery's size, or why there is none.
    private func load(_ request: Request, small: Bool, in process: AppProcess) -> Result<Bitmap, PlatformError> {
        let identifier = request.asset.localIdentifier
        switch process.photoLibraryStatus(for: .readWrite) {
        case .restricted: return .failure(.photosAccessRestricted)
        case .notDetermined, .denied: return .failure(.photosAccessUserDenied)
        case .authorized, .limited: if !process.canSeeAsset(identifier) { return .failure(.photosAccessUserDenied) }
        }
        let library = process.host.device.mediaLibrary
        do {
            guard let asset = try library.asset(for: identifier) else { return .failure(.photosIdentifierNotFound(identifier)) }
            let data = try process.host.device.fileSystem.contents(of: library.mediaFolder.appendingPathComponent(asset.path))
            let decoded = try ImageDecoder(meter: process.meter).decode(data)
            var size = ImageRequestPlan.finalSize(width: decoded.width, height: decoded.height, target: request.targetSize,
                                                  contentMode: request.contentMode)
            if small { size = ImageRequestPlan.smallSize(width: size.width, height: size.height) }
            if size == (decoded.width, decoded.height) { return .success(decoded) }
            return .success(decoded.resampled(toWidth: size.width, height: size.height))
        } catch {
            return .failure(.photosInvalidResource(String(describing: error)))
        }
    }

    /// The camera-roll file name for the trace, or the identifier when the asset is gone.
    private func displayName(of localIdentifier: String, in process: AppProcess) -> String {
        (try? process.host.device.mediaLibrary.asset(for: localIdentifier))??.fileName ?? localIdentifier
    }
}
