import Photos
import Social
import UIKit

/// The photo library as a photo app reads it: access asked for, the photos newest first, the
/// first one's thumbnail requested opportunistically, the list kept current by a change
/// observer; Save adds a drawn photo with `performChanges`, Details reads the newest photo's
/// data, orientation and place.
final class LibraryViewController: UIViewController, PHPhotoLibraryChangeObserver {
    private let statusLabel = UILabel()
    private let countLabel = UILabel()
    private let deliveriesLabel = UILabel()
    private let changesLabel = UILabel()
    private let savedLabel = UILabel()
    private let detailsLabel = UILabel()
    private let tweetLabel = UILabel()
    private let thumbnail = UIImageView()
    private var deliveries: [String] = []
    private var assets = PHFetchResult<PHAsset>()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Library"
        view.backgroundColor = .systemBackground
        let labels = [statusLabel, countLabel, deliveriesLabel, changesLabel, savedLabel, detailsLabel, tweetLabel]
        for (index, label) in labels.enumerated() {
            label.frame = CGRect(x: 20, y: 100 + 34 * CGFloat(index), width: 350, height: 30)
            view.addSubview(label)
        }
        statusLabel.accessibilityIdentifier = "status"
        countLabel.accessibilityIdentifier = "count"
        deliveriesLabel.accessibilityIdentifier = "deliveries"
        changesLabel.accessibilityIdentifier = "changes"
        savedLabel.accessibilityIdentifier = "saved"
        detailsLabel.accessibilityIdentifier = "details"
        tweetLabel.accessibilityIdentifier = "tweet"
        thumbnail.frame = CGRect(x: 20, y: 350, width: 100, height: 100)
        thumbnail.contentMode = .scaleAspectFill
        thumbnail.accessibilityIdentifier = "thumbnail"
        view.addSubview(thumbnail)
        let save = UIButton(type: .system, primaryAction: UIAction(title: "Save") { [weak self] _ in self?.save() })
        let details = UIButton(type: .system, primaryAction: UIAction(title: "Details") { [weak self] _ in self?.details() })
        // A change request made outside a change block: Photos' exception ends the app.
        let misuse = UIButton(type: .system, primaryAction: UIAction(title: "Save now") { _ in
            _ = PHAssetChangeRequest.creationRequestForAsset(from: UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1)).image { _ in })
        })
        for (index, button) in [save, details, misuse].enumerated() {
            button.frame = CGRect(x: 140 + 80 * CGFloat(index), y: 350, width: 76, height: 44)
            view.addSubview(button)
        }
        let tweet = UIButton(type: .system, primaryAction: UIAction(title: "Tweet") { [weak self] _ in self?.tweet() })
        tweet.frame = CGRect(x: 140, y: 400, width: 76, height: 44)
        view.addSubview(tweet)
        PHPhotoLibrary.shared().register(self)
        PHPhotoLibrary.requestAuthorization(for: .readWrite) { [weak self] status in
            DispatchQueue.main.async { self?.show(status) }
        }
    }

    deinit {
        PHPhotoLibrary.shared().unregisterChangeObserver(self)
    }

    private func show(_ status: PHAuthorizationStatus) {
        statusLabel.text = "status \(status.rawValue)"
        let options = PHFetchOptions()
        options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
        options.predicate = NSPredicate(format: "mediaType == %d", PHAssetMediaType.image.rawValue)
        assets = PHAsset.fetchAssets(with: options)
        countLabel.text = "\(assets.count) photos"
        guard let newest = assets.firstObject else { return }
        PHImageManager.default().requestImage(for: newest, targetSize: CGSize(width: 100, height: 100), contentMode: .aspectFill,
                                              options: nil) { [weak self] image, info in
            guard let self else { return }
            let degraded = (info?[PHImageResultIsDegradedKey] as? NSNumber)?.boolValue ?? false
            self.deliveries.append(image.map { "\(degraded ? "degraded" : "final") \(Int($0.size.width))x\(Int($0.size.height))" } ?? "none")
            self.deliveriesLabel.text = self.deliveries.joined(separator: ", ")
            self.thumbnail.image = image
        }
    }

    /// Photos calls this on its background queue: the details are read there, the screen is
    /// updated on the main queue.
    func photoLibraryDidChange(_ changeInstance: PHChange) {
        DispatchQueue.main.async { [weak self] in
            guard let self, let details = changeInstance.changeDetails(for: self.assets) else { return }
            self.assets = details.fetchResultAfterChanges
            self.countLabel.text = "\(self.assets.count) photos"
            func list(_ indexes: IndexSet?) -> String { indexes.map { $0.isEmpty ? "none" : $0.map(String.init).joined(separator: " ") } ?? "-" }
            self.changesLabel.text = "inserted \(list(details.insertedIndexes)), removed \(list(details.removedIndexes))"
        }
    }

    private func save() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 30)).image { context in
            UIColor.systemBlue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
        }
        var placeholder: PHObjectPlaceholder?
        PHPhotoLibrary.shared().performChanges({
            placeholder = PHAssetChangeRequest.creationRequestForAsset(from: image).placeholderForCreatedAsset
        }) { [weak self] success, error in
            let identifier = placeholder?.localIdentifier ?? ""
            DispatchQueue.main.async {
                guard success else {
                    self?.savedLabel.text = "not saved: \((error as NSError?)?.code ?? 0)"
                    return
                }
                let saved = PHAsset.fetchAssets(withLocalIdentifiers: [identifier], options: nil).firstObject
                self?.savedLabel.text = saved.map { "saved \($0.pixelWidth)x\($0.pixelHeight)" } ?? "saved, not found"
            }
        }
    }

    /// The newest photo at full size to Twitter, as seed 003 tweets it; the sheet's result is
    /// remembered in the text's words, Tweeted or Cancelled.
    private func tweet() {
        guard SLComposeViewController.isAvailable(forServiceType: SLServiceTypeTwitter) else {
            let alert = UIAlertController(title: "Twitter Unavailable", message: "Add a Twitter account in Settings.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default))
            present(alert, animated: true)
            return
        }
        guard let newest = assets.firstObject else { return }
        let options = PHImageRequestOptions()
        options.deliveryMode = .highQualityFormat
        PHImageManager.default().requestImage(for: newest, targetSize: CGSize(width: newest.pixelWidth, height: newest.pixelHeight),
                                              contentMode: .aspectFill, options: options) { [weak self] image, _ in
            guard let self, let sheet = SLComposeViewController(forServiceType: SLServiceTypeTwitter) else { return }
            sheet.setInitialText("Here's a photo from my album!")
            sheet.add(image)
            sheet.add(URL(string: "https://example.com/journal"))
            sheet.completionHandler = { [weak self] result in
                self?.tweetLabel.text = result == .done ? "Tweeted" : "Cancelled"
            }
            self.present(sheet, animated: true)
        }
    }

    private func details() {
        guard let newest = assets.firstObject else { return }
        PHImageManager.default().requestImageDataAndOrientation(for: newest, options: nil) { [weak self] data, type, orientation, _ in
            let place = newest.location.map { String(format: "%.4f, %.4f", $0.coordinate.latitude, $0.coordinate.longitude) } ?? "no place"
            self?.detailsLabel.text = "\(type ?? "?") \(data?.count ?? 0) bytes, orientation \(orientation.rawValue), \(place)"
        }
    }
}
