import Core
import CoreLocation
import UIKit

/// Tag Location / Edit Location: description, category, photo, Done and Cancel.
///
/// On didEnterBackground the screen dismisses what it presents (without animation) and ends
/// editing; the observer captures the screen weakly unless the app is launched with
/// `-strongObserver true`, which keeps the texts' leak.
class LocationDetailsViewController: UITableViewController {
    var dataModel: DataModel!
    var coordinate = CLLocationCoordinate2D(latitude: 0, longitude: 0)
    /// The location being edited; nil when tagging a new one.
    var locationToEdit: Location?

    var descriptionText = ""
    var categoryName = "No Category"
    /// A photo picked on this screen, saved on Done.
    var image: UIImage?
    /// The location's photo as it was, shown but never written again.
    var existingImage: UIImage?
    /// Why the last PHPicker load failed.
    var photoError: String?
    var observer: Any?

    let descriptionTextField = UITextField()
    let photoImageView = UIImageView()

    /// The photo's width in its row, in points; its height keeps the photo's aspect ratio.
    let photoWidth: CGFloat = 260

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        if let location = locationToEdit {
            title = "Edit Location"
            coordinate = CLLocationCoordinate2D(latitude: location.latitude, longitude: location.longitude)
            descriptionText = location.locationDescription
            categoryName = location.category
            existingImage = dataModel.photoURL(of: location).flatMap { UIImage(contentsOfFile: $0.path) }
        } else {
            title = "Tag Location"
        }
        navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .cancel, primaryAction: UIAction { [weak self] _ in
            self?.navigationController?.popViewController(animated: true)
        })
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [weak self] _ in
            self?.done()
        })
        descriptionTextField.placeholder = "Description"
        descriptionTextField.accessibilityIdentifier = "description"
        descriptionTextField.text = descriptionText
        descriptionTextField.addAction(UIAction { [weak self] _ in
            self?.descriptionText = self?.descriptionTextField.text ?? ""
        }, for: .editingChanged)
        photoImageView.contentMode = .scaleAspectFit
        listenForBackgroundNotification()
    }

    // MARK: - The table

    override func numberOfSections(in tableView: UITableView) -> Int { 3 }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        switch section {
        case 0: 2
        case 1: 1
        default: photoError == nil ? 1 : 2
        }
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        switch (indexPath.section, indexPath.row) {
        case (0, 0):
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            descriptionTextField.frame = cell.contentView.bounds.insetBy(dx: 16, dy: 4)
            cell.contentView.addSubview(descriptionTextField)
            return cell
        case (0, _):
            let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
            cell.textLabel?.text = "Category"
            cell.detailTextLabel?.text = categoryName
            cell.accessibilityIdentifier = "category"
            cell.accessoryType = .disclosureIndicator
            return cell
        case (1, _):
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.accessibilityIdentifier = "photo"
            if let shown = image ?? existingImage {
                photoImageView.image = shown
                photoImageView.frame = CGRect(x: 10, y: 10, width: photoWidth, height: photoHeight(for: shown))
                cell.contentView.addSubview(photoImageView)
            } else {
                cell.textLabel?.text = "Add Photo"
            }
            return cell
        default:
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            if indexPath.row == 0, let photoError {
                cell.textLabel?.text = photoError
                cell.accessibilityIdentifier = "photoError"
            } else {
                cell.textLabel?.text = String(format: "%.8f, %.8f", coordinate.latitude, coordinate.longitude)
                cell.accessibilityIdentifier = "coordinate"
            }
            return cell
        }
    }

    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        guard indexPath.section == 1, let shown = image ?? existingImage else { return 44 }
        return photoHeight(for: shown) + 20
    }

    /// 260 points wide and as tall as the photo's aspect ratio makes it.
    func photoHeight(for image: UIImage) -> CGFloat {
        image.size.width > 0 ? (photoWidth * image.size.height / image.size.width).rounded() : photoWidth
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        switch (indexPath.section, indexPath.row) {
        case (0, 0):
            descriptionTextField.becomeFirstResponder()
        case (0, 1):
            let picker = CategoryPickerViewController(style: .plain)
            picker.selectedCategoryName = categoryName
            picker.onChoose = { [weak self] name in
                self?.categoryName = name
                self?.tableView.reloadData()
            }
            navigationController?.pushViewController(picker, animated: true)
        case (1, _):
            tableView.deselectRow(at: indexPath, animated: true)
            pickPhoto()
        default:
            break
        }
    }

    func show(_ picked: UIImage?, error: String?) {
        image = picked
        photoError = error
        tableView.reloadData()
    }

    // MARK: - Background

    func listenForBackgroundNotification() {
        let center = NotificationCenter.default
        if dataModel.options.strongObserver {
            observer = center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { _ in
                self.dismissForBackground()
            }
        } else {
            observer = center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) {
                [weak self] _ in
                self?.dismissForBackground()
            }
        }
    }

    func dismissForBackground() {
        if presentedViewController != nil {
            dismiss(animated: false, completion: nil)
        }
        descriptionTextField.resignFirstResponder()
    }

    // MARK: - Saving

    func done() {
        descriptionText = descriptionTextField.text ?? ""
        let details = LocationDetails(latitude: coordinate.latitude, longitude: coordinate.longitude,
                                      date: locationToEdit?.date ?? Date(),
                                      locationDescription: descriptionText, category: categoryName)
        let jpeg = image?.jpegData(compressionQuality: 0.5)
        do {
            if image != nil, jpeg == nil { throw PhotoNotEncoded() }
            try dataModel.save(details, editing: locationToEdit, photoJPEG: jpeg)
        } catch {
            let alert = UIAlertController(title: "Could Not Save", message: "\(error)", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .cancel, handler: nil))
            present(alert, animated: true, completion: nil)
            return
        }
        navigationController?.popViewController(animated: true)
    }
}

/// The picked photo could not be made a JPEG: nothing is saved.
struct PhotoNotEncoded: Error, CustomStringConvertible {
    var description: String { "The photo could not be saved as JPEG. Pick another photo." }
}
