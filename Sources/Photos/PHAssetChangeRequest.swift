import AppChannel
import CoreLocation
import Foundation
import UIKit

/// A request, inside a `performChanges` block, to create a photo (Apple: Photos ›
/// PHAssetChangeRequest). The photo is stored when the block has returned, with the other
/// requests of the block, all or none.
open class PHAssetChangeRequest: NSObject {
    /// The image file's bytes to store; nil when the request's source could not be read.
    var imageData: Data?
    /// The source, for the error when it cannot be stored.
    var sourceDescription = "the asset's photo resource"
    private let placeholder = PHObjectPlaceholder()

    /// A request of the change block running now; outside one, the app ends with Photos'
    /// exception, as on iOS.
    public required override init() {
        super.init()
        ChangeSession.current().requests.append(self)
    }

    private static func request(_ data: Data?, source: String) -> Self {
        let request = Self()
        request.imageData = data
        request.sourceDescription = source
        return request
    }

    /// A request to add `image`, stored as a JPEG with its orientation (UIImage's
    /// `jpegData(compressionQuality:)` at 0.9: Apple does not publish its quality).
    open class func creationRequestForAsset(from image: UIImage) -> Self {
        request(image.jpegData(compressionQuality: 0.9), source: "the image")
    }

    /// A request to add the image file at `fileURL`; nil when there is no file there to read.
    open class func creationRequestForAssetFromImage(atFileURL fileURL: URL) -> Self? {
        _ = ChangeSession.current()
        guard let data = FileManager.default.contents(atPath: fileURL.path) else { return nil }
        return request(data, source: fileURL.lastPathComponent)
    }

    /// The asset this request creates: its `localIdentifier` is the new asset's once the
    /// change is done.
    open var placeholderForCreatedAsset: PHObjectPlaceholder? { placeholder }

    /// Apple's settable properties of a new asset. The library takes the date and place from
    /// the photo's EXIF data, else the clock: values set here are not stored (docs/photos.md).
    open var creationDate: Date?
    open var location: CLLocation?
    open var isFavorite = false
    open var isHidden = false

    func created(_ asset: LibraryAsset) {
        placeholder.assign(asset.localIdentifier)
    }
}

/// A request that builds a photo from its resources (Apple: Photos › PHAssetCreationRequest):
/// one `.photo` resource, from data or a file.
open class PHAssetCreationRequest: PHAssetChangeRequest {
    /// A request with no resource yet: add one with `addResource(with:data:options:)`.
    open class func forAsset() -> Self {
        Self()
    }

    open func addResource(with type: PHAssetResourceType, data: Data, options: PHAssetResourceCreationOptions?) {
        guard type == .photo else {
            DeviceAnswers.raise("NSInvalidArgumentException", reason: "PHAssetCreationRequest: only a .photo resource can be added here (docs/photos.md)")
        }
        imageData = data
    }

    open func addResource(with type: PHAssetResourceType, fileURL: URL, options: PHAssetResourceCreationOptions?) {
        // The photo library's daemon reads (and moves) the file on iOS, not the app.
        addResource(with: type, data: SystemFiles.work { FileManager.default.contents(atPath: fileURL.path) } ?? Data(), options: options)
        if options?.shouldMoveFile == true { SystemFiles.work { try? FileManager.default.removeItem(at: fileURL) } }
    }
}

/// Apple: `PHAssetResourceType` (PHAssetResource.h raw values).
public enum PHAssetResourceType: Int, Sendable {
    case photo = 1, video = 2, audio = 3, alternatePhoto = 4, fullSizePhoto = 5, fullSizeVideo = 6, adjustmentData = 7,
         adjustmentBasePhoto = 8, pairedVideo = 9, fullSizePairedVideo = 10, adjustmentBasePairedVideo = 11, adjustmentBaseVideo = 12
}

/// Apple: Photos › PHAssetResourceCreationOptions.
open class PHAssetResourceCreationOptions: NSObject {
    open var originalFilename: String?
    open var uniformTypeIdentifier: String?
    open var shouldMoveFile = false
}

/// The change requests of the `performChanges` block running now, and carrying them out.
final class ChangeSession {
    var requests: [PHAssetChangeRequest] = []

    nonisolated(unsafe) private static var running: ChangeSession?

    /// The session of the block running now; outside one, the app ends with Photos' exception.
    static func current() -> ChangeSession {
        guard let running else {
            DeviceAnswers.raise("NSInternalInconsistencyException", reason: "This method can only be called from inside of "
                + "-[PHPhotoLibrary performChanges:completionHandler:] or -[PHPhotoLibrary performChangesAndWait:error:]")
        }
        return running
    }

    /// Runs `block`, stores the photos its requests create, then calls `completion`; the
    /// observers are told when photos were added.
    static func perform(_ block: () -> Void, completion: ((Bool, (any Error)?) -> Void)?) {
        let session = ChangeSession()
        running = session
        block()
        running = nil
        let (success, error) = session.carryOut()
        completion?(success, error)
        if success, !session.requests.isEmpty { ChangeObservers.libraryChanged() }
    }

    private func carryOut() -> (Bool, (any Error)?) {
        guard !requests.isEmpty else { return (true, nil) }
        let status = PHPhotoLibrary.authorizationStatus(for: .addOnly)
        guard status == .authorized else { return (false, PHPhotoLibrary.accessError(status)) }
        if let unread = requests.first(where: { $0.imageData == nil }) {
            return (false, PHPhotoLibrary.error(3302, "The photo could not be added: \(unread.sourceDescription) has no image data"))
        }
        switch DeviceAnswers.ask(.add(images: requests.compactMap(\.imageData))) {
        case .added(let assets) where assets.count == requests.count:
            for (request, asset) in zip(requests, assets) {
                request.created(asset)
                SDKEvents.record("PHPhotoLibrary added \(asset.fileName)")
            }
            return (true, nil)
        case .refused(let reason):
            SDKEvents.record("PHPhotoLibrary refused \(requests.count) photo\(requests.count == 1 ? "" : "s")")
            return (false, PHPhotoLibrary.error(3302, "The photo could not be added: \(reason)"))
        default:
            return (false, PHPhotoLibrary.error(3300, "The photo library gave no answer to the change"))
        }
    }
}
