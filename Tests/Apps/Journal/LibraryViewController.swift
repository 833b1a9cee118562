import Photos
import UIKit

/// The photo library as a photo app reads it: access asked for, the photos newest first, the
/// first one's thumbnail requested opportunistically.
final class LibraryViewController: UIViewController {
    private let statusLabel = UILabel()
    private let countLabel = UILabel()
    private let deliveriesLabel = UILabel()
    private let thumbnail = UIImageView()
    private var deliveries: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Library"
        view.backgroundColor = .systemBackground
        for (index, label) in [statusLabel, countLabel, deliveriesLabel].enumerated() {
            label.frame = CGRect(x: 20, y: 120 + 40 * CGFloat(index), width: 350, height: 30)
            view.addSubview(label)
        }
        statusLabel.accessibilityIdentifier = "status"
        countLabel.accessibilityIdentifier = "count"
        deliveriesLabel.accessibilityIdentifier = "deliveries"
        thumbnail.frame = CGRect(x: 20, y: 260, width: 100, height: 100)
        thumbnail.contentMode = .scaleAspectFill
        thumbnail.accessibilityIdentifier = "thumbnail"
        view.addSubview(thumbnail)
        PHPhotoLibrary.requestAuthorization(for: .readWrite) { [weak self] status in
            DispatchQueue.main.async { self?.show(status) }
        }
    }

    private func show(_ status: PHAuthorizationStatus) {
        statusLabel.text = "status \(status.rawValue)"
        let options = PHFetchOptions()
        options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
        let assets = PHAsset.fetchAssets(with: .image, options: options)
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
}
