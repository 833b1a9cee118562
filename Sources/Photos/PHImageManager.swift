import AppChannel
import Foundation
import ImageIO
import UIKit

/// Apple: `PHImageRequestID` (`Int32`); `PHInvalidImageRequestID` is 0 (IOS-FACTS §5).
public typealias PHImageRequestID = Int32
public let PHInvalidImageRequestID: PHImageRequestID = 0

/// "The original image or the largest rendered image available" (IOS-FACTS §5). Apple's numeric
/// value was not found; here it is -1 x -1, and any size with a negative side means the same.
public let PHImageManagerMaximumSize = CGSize(width: -1, height: -1)

// The info dictionary's keys, spelled as iOS spells them (IOS-FACTS §5).
public let PHImageResultIsDegradedKey = "PHImageResultIsDegradedKey"
public let PHImageResultRequestIDKey = "PHImageResultRequestIDKey"
public let PHImageCancelledKey = "PHImageCancelledKey"
public let PHImageErrorKey = "PHImageErrorKey"
public let PHImageResultIsInCloudKey = "PHImageResultIsInCloudKey"

/// `PHPhotosErrorDomain`, codes from PHError.h (iOS 15 SDK).
public let PHPhotosErrorDomain = "PHPhotosErrorDomain"

/// Apple: `PHImageContentMode` (aspectFit 0, aspectFill 1, default = aspectFit).
public enum PHImageContentMode: Int, Sendable {
    case aspectFit = 0, aspectFill = 1
    public static let `default` = PHImageContentMode.aspectFit
}

/// Apple: Photos › PHImageRequestOptions, with its defaults.
open class PHImageRequestOptions: NSObject {
    /// Apple: opportunistic 0, highQualityFormat 1, fastFormat 2 (IOS-FACTS §5).
    public enum DeliveryMode: Int, Sendable { case opportunistic = 0, highQualityFormat = 1, fastFormat = 2 }
    /// Apple: none 0, fast 1, exact 2.
    public enum ResizeMode: Int, Sendable { case none = 0, fast = 1, exact = 2 }
    /// Apple: current 0, unadjusted 1, original 2.
    public enum Version: Int, Sendable { case current = 0, unadjusted = 1, original = 2 }

    open var deliveryMode: DeliveryMode = .opportunistic
    open var resizeMode: ResizeMode = .fast
    open var version: Version = .current
    open var isSynchronous = false
    open var isNetworkAccessAllowed = false
}

/// Images of library assets (Apple: Photos › PHImageManager), as IOS-FACTS §5 states their
/// delivery: asynchronous `opportunistic` calls the handler twice on the main thread, a smaller
/// result marked degraded first, then the final one; `highQualityFormat` once; `fastFormat` once
/// at the small size; `isSynchronous` exactly once, before the method returns, at full quality.
/// The final size keeps the asset's aspect ratio (`aspectFit` inside the target, `aspectFill`
/// covering it) and never scales up; the degraded one is a quarter of it on each side (the app
/// host's rule). An asset gone from the library, or one the app may not see, gets one call
/// with no image and a `PHPhotosErrorDomain` error; a cancelled request gets no further call.
open class PHImageManager: NSObject {
    nonisolated(unsafe) private static let defaultManager = PHImageManager()
    nonisolated(unsafe) private static var nextRequest: PHImageRequestID = 1
    nonisolated(unsafe) private static var cancelled = Set<PHImageRequestID>()

    open class func `default`() -> PHImageManager { defaultManager }

    public override init() {
        super.init()
    }

    @discardableResult
    open func requestImage(for asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode,
                           options: PHImageRequestOptions?, resultHandler: @escaping (UIImage?, [AnyHashable: Any]?) -> Void) -> PHImageRequestID {
        let options = options ?? PHImageRequestOptions()
        let requestID = Self.nextRequest
        Self.nextRequest += 1
        SDKEvents.record("image request #\(requestID) \(asset.fileName) \(Int(targetSize.width))x\(Int(targetSize.height)) "
            + "\(contentMode == .aspectFill ? "aspectFill" : "aspectFit") \(options.isSynchronous ? "synchronous" : "\(options.deliveryMode)")")
        if options.isSynchronous {
            deliver(requestID, asset, targetSize, contentMode, small: false, degraded: false, resultHandler)
            return requestID
        }
        let deliveries: [(small: Bool, degraded: Bool)] = switch options.deliveryMode {
        case .opportunistic: [(true, true), (false, false)]
        case .highQualityFormat: [(false, false)]
        case .fastFormat: [(true, false)]
        }
        Deliveries(manager: self, requestID: requestID, asset: asset, targetSize: targetSize, contentMode: contentMode,
                   remaining: deliveries[...], handler: resultHandler).next()
        return requestID
    }

    /// The calls a request has still to make, each from the main queue, one after another.
    private final class Deliveries: @unchecked Sendable {
        let manager: PHImageManager
        let requestID: PHImageRequestID
        let asset: PHAsset
        let targetSize: CGSize
        let contentMode: PHImageContentMode
        var remaining: ArraySlice<(small: Bool, degraded: Bool)>
        let handler: (UIImage?, [AnyHashable: Any]?) -> Void

        init(manager: PHImageManager, requestID: PHImageRequestID, asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode,
             remaining: ArraySlice<(small: Bool, degraded: Bool)>, handler: @escaping (UIImage?, [AnyHashable: Any]?) -> Void) {
            (self.manager, self.requestID, self.asset, self.targetSize, self.contentMode) = (manager, requestID, asset, targetSize, contentMode)
            self.remaining = remaining
            self.handler = handler
        }

        func next() {
            guard let delivery = remaining.popFirst() else { return }
            DispatchQueue.main.async {
                guard !PHImageManager.cancelled.contains(self.requestID) else { return }
                if self.manager.deliver(self.requestID, self.asset, self.targetSize, self.contentMode, small: delivery.small,
                                        degraded: delivery.degraded, self.handler) {
                    self.next()
                }
            }
        }
    }

    /// The asset's image file as the library keeps it, its uniform type (`public.jpeg`,
    /// `public.heic`) and its EXIF orientation, in one call of `resultHandler` (Apple: the
    /// delivery mode is ignored and the handler is called once): on the main queue, or before
    /// the method returns with `isSynchronous`. A missing asset or denied access gets nil data
    /// and a `PHPhotosErrorDomain` error, orientation `.up`.
    @discardableResult
    open func requestImageDataAndOrientation(for asset: PHAsset, options: PHImageRequestOptions?,
                                             resultHandler: @escaping (Data?, String?, CGImagePropertyOrientation, [AnyHashable: Any]?) -> Void)
        -> PHImageRequestID {
        let requestID = Self.nextRequest
        Self.nextRequest += 1
        let synchronous = options?.isSynchronous ?? false
        SDKEvents.record("image data request #\(requestID) \(asset.fileName)\(synchronous ? " synchronous" : "")")
        let deliver = {
            var info: [AnyHashable: Any] = [PHImageResultRequestIDKey: NSNumber(value: requestID), PHImageResultIsInCloudKey: NSNumber(value: false),
                                            PHImageResultIsDegradedKey: NSNumber(value: false)]
            let status = PHPhotoLibrary.authorizationStatus(for: .readWrite)
            guard status == .authorized || status == .limited else {
                info[PHImageErrorKey] = PHPhotoLibrary.accessError(status)
                SDKEvents.record("image data result #\(requestID) \(asset.fileName): no data")
                return resultHandler(nil, nil, .up, info)
            }
            guard case .data(let bytes) = DeviceAnswers.ask(.data(localIdentifier: asset.localIdentifier)), let data = bytes else {
                info[PHImageErrorKey] = PHPhotoLibrary.error(3201, "No asset with identifier \(asset.localIdentifier) was found in the photo library.")
                SDKEvents.record("image data result #\(requestID) \(asset.fileName): no data")
                return resultHandler(nil, nil, .up, info)
            }
            let orientation = UIImage.storedOrientation(of: data).flatMap { CGImagePropertyOrientation(rawValue: UInt32($0)) } ?? .up
            SDKEvents.record("image data result #\(requestID) \(asset.fileName) \(data.count) bytes \(asset.uniformTypeIdentifier) "
                + "orientation \(orientation.rawValue)")
            resultHandler(data, asset.uniformTypeIdentifier, orientation, info)
        }
        if synchronous {
            deliver()
        } else {
            nonisolated(unsafe) let later = deliver
            DispatchQueue.main.async {
                guard !Self.cancelled.contains(requestID) else { return }
                later()
            }
        }
        return requestID
    }

    /// The handler is not called again for this request.
    open func cancelImageRequest(_ requestID: PHImageRequestID) {
        guard requestID != PHInvalidImageRequestID, requestID < Self.nextRequest, Self.cancelled.insert(requestID).inserted else { return }
        SDKEvents.record("image request #\(requestID) cancelled")
    }

    /// One call of the handler; returns false when the request ended with an error.
    @discardableResult
    private func deliver(_ requestID: PHImageRequestID, _ asset: PHAsset, _ targetSize: CGSize, _ contentMode: PHImageContentMode,
                         small: Bool, degraded: Bool, _ handler: (UIImage?, [AnyHashable: Any]?) -> Void) -> Bool {
        var info: [AnyHashable: Any] = [PHImageResultRequestIDKey: NSNumber(value: requestID), PHImageResultIsInCloudKey: NSNumber(value: false)]
        guard let image = load(asset, targetSize, contentMode, small: small, info: &info) else {
            info[PHImageResultIsDegradedKey] = NSNumber(value: false)
            SDKEvents.record("image result #\(requestID) \(asset.fileName): no image")
            handler(nil, info)
            return false
        }
        info[PHImageResultIsDegradedKey] = NSNumber(value: degraded)
        SDKEvents.record("image result #\(requestID) \(asset.fileName) \(Int(image.size.width))x\(Int(image.size.height))"
            + (degraded ? " degraded" : ""))
        handler(image, info)
        return true
    }

    private func load(_ asset: PHAsset, _ targetSize: CGSize, _ contentMode: PHImageContentMode, small: Bool,
                      info: inout [AnyHashable: Any]) -> UIImage? {
        func fail(_ code: Int, _ text: String) -> UIImage? {
            info[PHImageErrorKey] = PHPhotoLibrary.error(code, text)
            return nil
        }
        let status = PHPhotoLibrary.authorizationStatus(for: .readWrite)
        guard status == .authorized || status == .limited else {
            info[PHImageErrorKey] = PHPhotoLibrary.accessError(status)
            return nil
        }
        guard case .data(let bytes) = DeviceAnswers.ask(.data(localIdentifier: asset.localIdentifier)), let data = bytes else {
            return fail(3201, "No asset with identifier \(asset.localIdentifier) was found in the photo library.")
        }
        let (width, height) = Self.size(of: asset, targetSize: targetSize, contentMode: contentMode, small: small)
        guard let image = UIImage.libraryImage(from: data, width: width, height: height) else {
            return fail(3302, "The asset's image could not be read: \(asset.fileName) is not an image")
        }
        return image
    }

    /// The result's size in pixels: the asset's aspect ratio fitted in or covering the target,
    /// never larger than the asset; a quarter on each side for a small (degraded or fast) one.
    static func size(of asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode, small: Bool) -> (Int, Int) {
        var width = asset.pixelWidth, height = asset.pixelHeight
        if targetSize.width > 0, targetSize.height > 0, width > 0, height > 0 {
            let horizontal = Double(targetSize.width) / Double(width), vertical = Double(targetSize.height) / Double(height)
            let scale = min(1, contentMode == .aspectFit ? min(horizontal, vertical) : max(horizontal, vertical))
            (width, height) = (max(1, min(width, Int((Double(width) * scale).rounded()))), max(1, min(height, Int((Double(height) * scale).rounded()))))
        }
        if small { (width, height) = (max(1, (width + 3) / 4), max(1, (height + 3) / 4)) }
        return (width, height)
    }
}

/// Apple: Photos › PHCachingImageManager. Caching is a hint to the system: here images are made
/// when asked for, and the caching calls prepare nothing.
open class PHCachingImageManager: PHImageManager {
    open var allowsCachingHighQualityImages = true

    open func startCachingImages(for assets: [PHAsset], targetSize: CGSize, contentMode: PHImageContentMode, options: PHImageRequestOptions?) {}
    open func stopCachingImages(for assets: [PHAsset], targetSize: CGSize, contentMode: PHImageContentMode, options: PHImageRequestOptions?) {}
    open func stopCachingImagesForAllAssets() {}
}
