import Core
import Foundation
import Platform

/// Capture, Load, and the loaded thumbnail.
///
/// The store is opened on the save queue (`sync`) when the screen loads. Each capture presents a
/// new camera picker, so a device without a camera terminates with 'Source type 1 not available'
/// on Capture (the seed configures its one picker in `viewDidLoad`, which would end it at launch).
final class BlobsScreen: Screen {
    let conversionQueue: AppQueue
    let saveQueue: AppQueue
    var store: PhotoRecordStore?
    /// The thumbnail the last load found.
    var thumbnail: Bitmap?
    /// What the last load found: `2 saved`, or why it failed.
    var status = "Nothing loaded"

    override init(environment: AppEnvironment) {
        conversionQueue = environment.makeQueue(label: PhotoBlobs.conversionQueueLabel, concurrent: true)
        saveQueue = environment.makeQueue(label: PhotoBlobs.saveQueueLabel, concurrent: true)
        super.init(environment: environment)
    }

    override var title: String { "PhotoBlobs" }

    override func viewDidLoad() throws {
        store = try saveQueue.sync("open store") { try openStore() }
    }

    override var elements: [Element] {
        var shown = [
            Element(kind: .button, label: "Capture", identifier: "capture") { [unowned self] in try self.capture() },
            Element(kind: .button, label: "Load", identifier: "load") { [unowned self] in self.load() },
            Element(kind: .label, label: status, identifier: "status"),
        ]
        if let thumbnail {
            shown.append(Element(kind: .image, label: "", identifier: "thumbnail",
                                 image: DisplayedImage(bitmap: thumbnail,
                                                       widthPoints: Double(thumbnail.width / environment.device.screenScale),
                                                       heightPoints: Double(thumbnail.height / environment.device.screenScale))))
        }
        return shown
    }

    private func openStore() throws -> PhotoRecordStore {
        var configuration = PhotoRecordStore.Configuration()
        // The seed scales the thumbnail to the view controller's view, the screen, at its scale.
        let device = environment.device
        configuration.thumbnailSize = ThumbnailSize(widthPoints: device.screenWidthPoints, heightPoints: device.screenHeightPoints,
                                                    scale: device.screenScale)
        do {
            return try PhotoRecordStore(storePath: environment.containerPath.appendingPathComponent(PhotoBlobs.storePath),
                                        fileSystem: environment.fileSystem, clock: environment.clock,
                                        random: environment.random, configuration: configuration)
        } catch {
            throw environment.crash(reason: "Failure to open the store: \(error)")
        }
    }

    private func capture() throws {
        let picker = try ImagePickerController(sourceType: .camera, environment: environment)
        picker.delegate = self
        try present(picker)
    }
}
