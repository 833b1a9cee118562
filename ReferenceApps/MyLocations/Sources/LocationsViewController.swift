import Core
import UIKit

/// The Locations tab: every location with a 52x52 pt thumbnail (aspect-fit, or fill with
/// `-thumbnailMode fill`), tap to edit, swipe to delete (the photo file goes too).
///
/// Thumbnails are cached by file and its modification date (a replaced photo keeps its name);
/// a memory warning empties the cache, and while the list is not on screen the rows let go of
/// theirs too, so the decoded images the app holds are only what it shows.
class LocationsViewController: UITableViewController {
    var dataModel: DataModel!
    var locations = [Location]()
    var thumbnails = [String: UIImage]()
    var loadError: String?

    /// The thumbnail's side, in points.
    let thumbnailPoints: CGFloat = 52

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Locations"
        tableView.rowHeight = 57
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        reload()
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        // The rows first: laying them out may ask for thumbnails, which must not refill the cache.
        let table = viewIfLoaded as? UITableView
        let hiddenRows = table != nil && table?.window == nil ? table?.visibleCells ?? [] : []
        thumbnails.removeAll()
        for cell in hiddenRows { cell.imageView?.image = nil }
    }

    func reload() {
        do {
            locations = try dataModel.allLocations()
            loadError = nil
        } catch {
            locations = []
            loadError = "The locations could not be read: \(error)"
        }
        tableView.reloadData()
    }

    // MARK: - The table

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        loadError == nil ? locations.count : 1
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "LocationCell")
            ?? UITableViewCell(style: .subtitle, reuseIdentifier: "LocationCell")
        if let loadError {
            cell.textLabel?.text = loadError
            cell.accessibilityIdentifier = "error"
            return cell
        }
        let location = locations[indexPath.row]
        cell.textLabel?.text = location.locationDescription.isEmpty ? "(No Description)" : location.locationDescription
        cell.detailTextLabel?.text = location.category
        cell.imageView?.image = thumbnail(for: location)
        cell.accessibilityIdentifier = "location-\(location.id)"
        return cell
    }

    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        loadError == nil
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard loadError == nil else { return }
        let controller = LocationDetailsViewController(style: .grouped)
        controller.dataModel = dataModel
        controller.locationToEdit = locations[indexPath.row]
        navigationController?.pushViewController(controller, animated: true)
    }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                            forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        let location = locations[indexPath.row]
        do {
            try dataModel.delete(location)
        } catch {
            let alert = UIAlertController(title: "Could Not Delete", message: "\(error)", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .cancel, handler: nil))
            present(alert, animated: true, completion: nil)
            reload()
            return
        }
        locations.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .fade)
    }

    // MARK: - Thumbnails

    /// The cached thumbnail, made on first use; nil (no image) without a readable photo.
    func thumbnail(for location: Location) -> UIImage? {
        guard let url = dataModel.photoURL(of: location),
              let modified = try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date else { return nil }
        let key = "\(url.path) \(modified.timeIntervalSinceReferenceDate)"
        if let cached = thumbnails[key] { return cached }
        guard let image = UIImage(contentsOfFile: url.path) else { return nil }
        let made = dataModel.options.thumbnailsFill ? filledThumbnail(of: image) : fittedThumbnail(of: image)
        thumbnails[key] = made
        return made
    }

    /// The whole photo in the thumbnail's square, never enlarged, in pixels.
    func fittedThumbnail(of image: UIImage) -> UIImage? {
        let side = thumbnailPoints * UIScreen.main.scale
        let pixels = CGSize(width: image.size.width * image.scale, height: image.size.height * image.scale)
        let ratio = min(side / pixels.width, side / pixels.height, 1)
        return image.preparingThumbnail(of: CGSize(width: (pixels.width * ratio).rounded(),
                                                   height: (pixels.height * ratio).rounded()))
    }

    /// The photo's centre square, never enlarged, drawn at one pixel a point.
    func filledThumbnail(of image: UIImage) -> UIImage {
        let pixels = CGSize(width: image.size.width * image.scale, height: image.size.height * image.scale)
        let shortSide = min(pixels.width, pixels.height)
        let side = min(thumbnailPoints * UIScreen.main.scale, shortSide)
        let ratio = side / shortSide
        let drawn = CGSize(width: pixels.width * ratio, height: pixels.height * ratio)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format)
        return renderer.image { _ in
            image.draw(in: CGRect(x: (side - drawn.width) / 2, y: (side - drawn.height) / 2,
                                  width: drawn.width, height: drawn.height))
        }
    }
}
