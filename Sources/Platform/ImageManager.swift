import Core

/// `PHImageManager`: asynchronous image requests for library assets.
///
/// Results arrive later on the main queue (IOS-FACTS §5): `opportunistic` calls the handler
/// twice, a smaller result marked ``ImageResultInfo/isDegraded`` first, then the final one;
/// `highQualityFormat` and `fastFormat` call it once. A request for an asset that is gone, or
/// that the app may no longer see, gets one call with no image and ``ImageResultInfo/error``
/// set. A cancelled request gets no further call. Decoded results count in the app's memory.
///
/// ```swift
/// var options = ImageRequestOptions()
/// options.deliveryMode = .opportunistic
/// _ = try environment.imageManager.requestImage(for: asset, targetSize: ImageTargetSize(width: 100, height: 100),
///                                               contentMode: .aspectFill, options: options) { [weak self] image, info in
///     self?.thumbnail = image          // degraded first, then final
/// }
/// ```
public protocol ImageManager: AnyObject {
    /// `requestImage(for:targetSize:contentMode:options:resultHandler:)`.
    ///
    /// - Returns: the request's ID, or ``ImageRequestID/invalid`` when no request was made.
    /// - Throws: the TCC ``AppTermination`` on a first access without the usage description.
    func requestImage(for asset: PhotoAsset, targetSize: ImageTargetSize, contentMode: ImageContentMode,
                      options: ImageRequestOptions,
                      resultHandler: @escaping (Bitmap?, ImageResultInfo) throws -> Void) throws -> ImageRequestID
    /// `cancelImageRequest(_:)`: the handler is not called again for this request.
    func cancelImageRequest(_ requestID: ImageRequestID)
}
