import Photos
import Social
import UIKit

/// One photo at full size (a high-quality, aspect-fill request at the asset's pixel size) with
/// Tweet: the compose sheet when the service is available, else the app's "unavailable" alert.
/// Either way out of the sheet is recorded in the shared list.
class PhotoViewController: UIViewController {
    var asset: PHAsset!
    var sharedPhotos: SharedPhotos!
    let imageView = UIImageView()
    let messageLabel = UILabel()
    var tweetButton: UIButton!
    var image: UIImage?

    static let initialText = "A photo from my library, shared with PhotoShare."
    static let link = URL(string: "https://photosim.example/photoshare")

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Photo"
        view.backgroundColor = .systemBackground
        messageLabel.frame = CGRect(x: 20, y: 110, width: view.bounds.width - 40, height: 24)
        messageLabel.text = "Loading…"
        messageLabel.accessibilityIdentifier = "loading"
        view.addSubview(messageLabel)
        imageView.contentMode = .scaleAspectFit
        imageView.accessibilityIdentifier = "photo"
        imageView.accessibilityLabel = "Photo"
        imageView.isAccessibilityElement = true
        imageView.isHidden = true
        view.addSubview(imageView)
        tweetButton = UIButton(type: .system, primaryAction: UIAction(title: "Tweet") { [weak self] _ in self?.tweet() })
        tweetButton.frame = CGRect(x: 20, y: view.bounds.height - 140, width: view.bounds.width - 40, height: 44)
        tweetButton.isEnabled = false
        view.addSubview(tweetButton)

        let options = PHImageRequestOptions()
        options.deliveryMode = .highQualityFormat
        PHImageManager.default().requestImage(for: asset, targetSize: CGSize(width: max(1, asset.pixelWidth), height: max(1, asset.pixelHeight)),
                                              contentMode: .aspectFill, options: options) { [weak self] image, info in
            self?.show(image, error: info?[PHImageErrorKey] as? NSError)
        }
    }

    func show(_ image: UIImage?, error: NSError?) {
        self.image = image
        guard let image else {
            messageLabel.text = error?.code == 3201 ? "This photo is no longer in your library."
                : "This photo cannot be shown: \(error?.localizedDescription ?? "no image")"
            messageLabel.accessibilityIdentifier = "error"
            return
        }
        messageLabel.isHidden = true
        let scale = UIScreen.main.scale
        let size = CGSize(width: image.size.width * image.scale / scale, height: image.size.height * image.scale / scale)
        imageView.frame = CGRect(x: (view.bounds.width - size.width) / 2, y: 110, width: size.width, height: size.height)
        imageView.image = image
        imageView.accessibilityValue = "\(Int(image.size.width * image.scale))x\(Int(image.size.height * image.scale))"
        imageView.isHidden = false
        tweetButton.isEnabled = true
    }

    func tweet() {
        guard let image else { return }
        guard SLComposeViewController.isAvailable(forServiceType: SLServiceTypeTwitter),
              let sheet = SLComposeViewController(forServiceType: SLServiceTypeTwitter) else {
            let alert = UIAlertController(title: "Twitter Unavailable",
                                          message: "Sign in to a Twitter account in Settings to tweet this photo.",
                                          preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .cancel, handler: nil))
            present(alert, animated: true, completion: nil)
            return
        }
        sheet.setInitialText(Self.initialText)
        sheet.add(Self.link)
        sheet.add(image)
        // Apple: the handler "is not guaranteed to be called on any particular thread".
        sheet.completionHandler = { [weak self] result in
            DispatchQueue.main.async { self?.finish(result) }
        }
        present(sheet, animated: true, completion: nil)
    }

    func finish(_ result: SLComposeViewControllerResult) {
        do {
            try sharedPhotos.record(result, for: asset)
        } catch {
            let alert = UIAlertController(title: "Could Not Save", message: "\(error)", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .cancel, handler: nil))
            present(alert, animated: true, completion: nil)
        }
    }
}
