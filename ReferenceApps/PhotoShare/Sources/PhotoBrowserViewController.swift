import Core
import Photos
import UIKit

/// PhotoShare's root screen: every photo ("Photo 1" ..., oldest first, each identified by its
/// `localIdentifier`, its value the thumbnail's state) and below it what was shared ("Tweeted",
/// "Cancelled"; a photo gone from the library says so).
///
/// It asks for read-write access when it loads, then shows what the answer allows: every photo,
/// the selected ones (limited), or a note that access is off. Thumbnails are 100x100
/// aspect-fill opportunistic requests: the degraded image first, then the final one.
class PhotoBrowserViewController: UITableViewController {
    var sharedPhotos: SharedPhotos!
    let imageManager = PHCachingImageManager()
    var assets: [PHAsset] = []
    var shared: [(reference: AssetReference, asset: PHAsset?)] = []
    var status = PHAuthorizationStatus.notDetermined
    var sharedError: String?
    /// Each asset's thumbnail as it arrived, and whether it is the degraded one.
    var thumbnails: [String: (image: UIImage?, state: String)] = [:]

    let thumbnailSize = CGSize(width: 100, height: 100)

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "PhotoShare"
        PHPhotoLibrary.requestAuthorization(for: .readWrite) { [weak self] _ in
            // Photos answers on its own queue; the screen changes on the main queue.
            DispatchQueue.main.async { self?.reload() }
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if status != .notDetermined { reload() }
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        thumbnails.removeAll()
    }

    /// Fetches the photos the app may see, asks for their thumbnails and reads the shared list.
    func reload() {
        status = PHPhotoLibrary.authorizationStatus(for: .readWrite)
        guard status == .authorized || status == .limited else {
            assets = []
            shared = []
            tableView.reloadData()
            return
        }
        let options = PHFetchOptions()
        options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
        let fetched = PHAsset.fetchAssets(with: .image, options: options)
        assets = (0..<fetched.count).map { fetched.object(at: $0) }
        do {
            shared = try sharedPhotos.entries()
            sharedError = nil
        } catch {
            sharedError = "Shared photos cannot be listed: \(error)"
        }
        for asset in assets + shared.compactMap(\.asset) { requestThumbnail(of: asset) }
        tableView.reloadData()
    }

    func requestThumbnail(of asset: PHAsset) {
        let identifier = asset.localIdentifier
        guard thumbnails[identifier] == nil else { return }
        thumbnails[identifier] = (nil, "loading")
        let options = PHImageRequestOptions()
        options.deliveryMode = .opportunistic
        imageManager.requestImage(for: asset, targetSize: thumbnailSize, contentMode: .aspectFill, options: options) {
            [weak self] image, info in
            guard let self, self.thumbnails[identifier] != nil else { return }
            let degraded = (info?[PHImageResultIsDegradedKey] as? NSNumber)?.boolValue ?? false
            self.thumbnails[identifier] = (image, image == nil ? "no image" : degraded ? "degraded" : "final")
            self.tableView.reloadData()
        }
    }

    // MARK: - The table

    var accessDenied: Bool { status == .denied || status == .restricted }
    var sharedNotes: [String] { [sharedError ?? sharedPhotos.openError].compactMap { $0 } }

    override func numberOfSections(in tableView: UITableView) -> Int { 2 }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section == 0 ? "Photos" : "Shared"
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        section == 0 ? assets.count + (accessDenied ? 1 : 0) : sharedNotes.count + shared.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        if indexPath.section == 0 {
            if accessDenied {
                cell.textLabel?.text = "PhotoShare cannot show your photos. Allow access in Settings > Privacy > Photos."
                cell.accessibilityIdentifier = "noAccess"
                return cell
            }
            let asset = assets[indexPath.row]
            let thumbnail = thumbnails[asset.localIdentifier]
            cell.textLabel?.text = "Photo \(indexPath.row + 1)"
            cell.accessibilityIdentifier = asset.localIdentifier
            cell.accessibilityValue = thumbnail?.state ?? "loading"
            cell.imageView?.image = thumbnail?.image
            cell.accessoryType = .disclosureIndicator
            return cell
        }
        if indexPath.row < sharedNotes.count {
            cell.textLabel?.text = sharedNotes[indexPath.row]
            cell.accessibilityIdentifier = "error"
            return cell
        }
        let entry = shared[indexPath.row - sharedNotes.count]
        let action = SharedPhotos.title(of: entry.reference.action)
        cell.accessibilityIdentifier = "shared-\(entry.reference.sequence)"
        if let asset = entry.asset {
            cell.textLabel?.text = action
            cell.accessibilityValue = asset.localIdentifier
            cell.imageView?.image = thumbnails[asset.localIdentifier]?.image
        } else {
            cell.textLabel?.text = "\(action): no longer in your library"
            cell.accessibilityValue = entry.reference.identifier.rawValue
        }
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard indexPath.section == 0, !accessDenied else { return }
        let controller = PhotoViewController()
        controller.asset = assets[indexPath.row]
        controller.sharedPhotos = sharedPhotos
        navigationController?.pushViewController(controller, animated: true)
    }
}
