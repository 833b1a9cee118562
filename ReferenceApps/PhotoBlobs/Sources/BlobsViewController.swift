import Core
import UIKit

/// Capture, Load, and the loaded thumbnail.
///
/// The store is opened on the save queue (`sync`) when the view loads. Each capture presents a
/// new camera picker, so a device without a camera ends with 'Source type 1 not available' on
/// Capture. The photo is dismissed at once and its time taken on arrival; the conversion (JPEG
/// at quality 1.0, and a thumbnail at 0.7 scaled to cover the view at the screen's scale) runs
/// on the concurrent conversion queue, and the save is a barrier `sync` onto the concurrent save
/// queue, so loads (plain `async` there) never see half a save. A save that fails is the
/// text's `fatalError`.
class BlobsViewController: UIViewController, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
    let convertQueue = DispatchQueue(label: "convertQueue", attributes: .concurrent)
    let saveQueue = DispatchQueue(label: "saveQueue", attributes: .concurrent)
    var store: PhotoRecordStore?

    let statusLabel = UILabel()
    let thumbnailView = UIImageView()

    /// Where the records are, in the container (Core Data's default folder).
    static let storePath = "Library/Application Support/PhotoBlobs.sqlite"

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "PhotoBlobs"
        view.backgroundColor = .systemBackground
        let width = view.bounds.width - 40
        let capture = UIButton(type: .system, primaryAction: UIAction(title: "Capture") { [weak self] _ in self?.capture() })
        capture.accessibilityIdentifier = "capture"
        capture.frame = CGRect(x: 20, y: 110, width: width, height: 44)
        let load = UIButton(type: .system, primaryAction: UIAction(title: "Load") { [weak self] _ in self?.load() })
        load.accessibilityIdentifier = "load"
        load.frame = CGRect(x: 20, y: 160, width: width, height: 44)
        statusLabel.frame = CGRect(x: 20, y: 210, width: width, height: 24)
        statusLabel.text = "Nothing loaded"
        statusLabel.accessibilityIdentifier = "status"
        thumbnailView.frame = CGRect(x: 20, y: 244, width: width, height: view.bounds.height - 300)
        thumbnailView.contentMode = .scaleAspectFit
        thumbnailView.accessibilityIdentifier = "thumbnail"
        thumbnailView.isAccessibilityElement = true
        thumbnailView.isHidden = true
        for subview in [capture, load, statusLabel, thumbnailView] { view.addSubview(subview) }
        store = saveQueue.sync { Self.openStore() }
    }

    static func openStore() -> PhotoRecordStore {
        let path = (NSHomeDirectory() as NSString).appendingPathComponent(storePath)
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            return try PhotoRecordStore(storePath: path, fileSystem: POSIXFileSystem(), clock: DeviceClock(),
                                        random: SplitMix64(seed: .random(in: .min ... .max)))
        } catch {
            fatalError("Failure to open the store: \(error)")
        }
    }

    func capture() {
        let picker = UIImagePickerController()
        picker.sourceType = .camera
        picker.delegate = self
        present(picker, animated: true, completion: nil)
    }

    // MARK: - Saving

    func imagePickerController(_ picker: UIImagePickerController,
                               didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
        dismiss(animated: true, completion: nil)
        guard let image = info[.originalImage] as? UIImage else { return }
        prepareForSaving(image)
    }

    func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        dismiss(animated: true, completion: nil)
    }

    /// The time is taken now, on main; the conversion runs later on the conversion queue.
    func prepareForSaving(_ image: UIImage) {
        let takenAt = Date()
        let cover = CGSize(width: view.bounds.width * UIScreen.main.scale, height: view.bounds.height * UIScreen.main.scale)
        convertQueue.async {
            guard let fullSize = image.jpegData(compressionQuality: 1.0),
                  let thumbnail = Self.thumbnail(of: image, covering: cover).jpegData(compressionQuality: 0.7) else {
                DispatchQueue.main.async { self.statusLabel.text = "The photo could not be converted" }
                return
            }
            self.save(PreparedPhotoRecord(fullSizeJPEG: fullSize, thumbnailJPEG: thumbnail), takenAt: takenAt)
        }
    }

    /// The whole photo scaled to cover `size` pixels (never enlarged), as the text's
    /// `scale(toSize:)` draws it into an aspect-filled context, not cropped to the box.
    static func thumbnail(of image: UIImage, covering size: CGSize) -> UIImage {
        let pixels = CGSize(width: image.size.width * image.scale, height: image.size.height * image.scale)
        let ratio = min(max(size.width / max(pixels.width, 1), size.height / max(pixels.height, 1)), 1)
        let drawn = CGSize(width: (pixels.width * ratio).rounded(), height: (pixels.height * ratio).rounded())
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: drawn, format: format).image { _ in
            image.draw(in: CGRect(origin: .zero, size: drawn))
        }
    }

    /// Saves behind a barrier on the save queue: earlier loads finish first, later ones wait.
    func save(_ prepared: PreparedPhotoRecord, takenAt: Date) {
        saveQueue.sync(flags: .barrier) {
            guard let store else { return }
            do {
                try store.save(prepared, takenAt: takenAt)
            } catch {
                fatalError("Failure to save context: \(error)")
            }
        }
    }

    // MARK: - Loading

    /// Reads the newest thumbnail on the save queue and shows it on main.
    func load() {
        saveQueue.async {
            guard let store = self.store else { return }
            let result = Result { () throws -> (count: Int, thumbnail: Data?) in
                (try store.recordIDs().count, try store.latestThumbnail())
            }
            DispatchQueue.main.async { self.show(result) }
        }
    }

    func show(_ result: Result<(count: Int, thumbnail: Data?), Error>) {
        switch result {
        case .success(let found):
            thumbnailView.image = found.thumbnail.flatMap { UIImage(data: $0) }
            thumbnailView.isHidden = thumbnailView.image == nil
            statusLabel.text = "\(found.count) saved"
        case .failure(let error):
            statusLabel.text = "The photos could not be loaded: \(error)"
        }
    }
}

/// Core's clock as the app reads the time: `Date()`.
final class DeviceClock: WallClock {
    var now: Date { Date() }
}
