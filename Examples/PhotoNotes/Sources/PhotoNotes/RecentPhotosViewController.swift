import Photos
import UIKit

/// The newest photos of the library, with their sizes and thumbnails: what the app may see once
/// the user answered the photo library's prompt.
final class RecentPhotosViewController: UITableViewController, PHPhotoLibraryChangeObserver {
    private var assets = PHFetchResult<PHAsset>()
    private var status = PHAuthorizationStatus.notDetermined
    private let imageManager = PHCachingImageManager()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Recent Photos"
        PHPhotoLibrary.requestAuthorization(for: .readWrite) { [weak self] status in
            DispatchQueue.main.async {
                self?.status = status
                self?.reload()
            }
        }
    }

    deinit {
        PHPhotoLibrary.shared().unregisterChangeObserver(self)
    }

    private func reload() {
        guard status == .authorized || status == .limited else {
            tableView.reloadData()
            return
        }
        PHPhotoLibrary.shared().register(self)
        let options = PHFetchOptions()
        options.predicate = NSPredicate(format: "mediaType == %d", PHAssetMediaType.image.rawValue)
        options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
        options.fetchLimit = 10
        assets = PHAsset.fetchAssets(with: options)
        tableView.reloadData()
    }

    func photoLibraryDidChange(_ changeInstance: PHChange) {
        DispatchQueue.main.async { [weak self] in
            guard let self, let details = changeInstance.changeDetails(for: self.assets) else { return }
            self.assets = details.fetchResultAfterChanges
            self.tableView.reloadData()
        }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        assets.count == 0 ? 1 : assets.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Photo")
            ?? UITableViewCell(style: .subtitle, reuseIdentifier: "Photo")
        guard assets.count > 0 else {
            cell.textLabel?.text = status == .denied || status == .restricted ? "No access to photos" : "No photos"
            cell.detailTextLabel?.text = nil
            cell.imageView?.image = nil
            return cell
        }
        let asset = assets.object(at: indexPath.row)
        cell.textLabel?.text = "\(asset.pixelWidth) × \(asset.pixelHeight)"
        cell.detailTextLabel?.text = asset.location == nil ? "No place" : "With place"
        let options = PHImageRequestOptions()
        options.deliveryMode = .highQualityFormat
        imageManager.requestImage(for: asset, targetSize: CGSize(width: 60, height: 60), contentMode: .aspectFill,
                                  options: options) { image, _ in
            cell.imageView?.image = image
        }
        return cell
    }
}
