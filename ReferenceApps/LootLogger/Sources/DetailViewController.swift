import UIKit

class DetailViewController: UIViewController, UITextFieldDelegate,
                            UINavigationControllerDelegate, UIImagePickerControllerDelegate {
    var item: Item! {
        didSet { navigationItem.title = item.name }
    }
    var imageStore: ImageStore!

    let nameField = UITextField()
    let serialNumberField = UITextField()
    let valueField = UITextField()
    let dateLabel = UILabel()
    let imageView = UIImageView()
    /// The photo's width on screen, in points; its height keeps the photo's aspect ratio.
    let photoWidth: CGFloat = 300

    let numberFormatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.minimumFractionDigits = 2
        formatter.maximumFractionDigits = 2
        return formatter
    }()

    let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        var y: CGFloat = 110
        for (field, placeholder, identifier) in [(nameField, "Name", "name"), (serialNumberField, "Serial", "serial"),
                                                 (valueField, "Value", "value")] {
            field.frame = CGRect(x: 20, y: y, width: view.bounds.width - 40, height: 34)
            field.placeholder = placeholder
            field.accessibilityIdentifier = identifier
            field.borderStyle = .roundedRect
            field.delegate = self
            view.addSubview(field)
            y += 44
        }
        dateLabel.frame = CGRect(x: 20, y: y, width: view.bounds.width - 40, height: 24)
        dateLabel.accessibilityIdentifier = "date"
        view.addSubview(dateLabel)
        imageView.frame = CGRect(x: (view.bounds.width - photoWidth) / 2, y: y + 34, width: photoWidth, height: 0)
        imageView.contentMode = .scaleAspectFit
        imageView.accessibilityIdentifier = "photo"
        view.addSubview(imageView)
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .camera, primaryAction: UIAction { [weak self] action in
            self?.choosePhotoSource(action.sender as? UIBarButtonItem)
        })
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        nameField.text = item.name
        serialNumberField.text = item.serialNumber
        valueField.text = numberFormatter.string(from: NSNumber(value: item.valueInDollars))
        dateLabel.text = dateFormatter.string(from: item.dateCreated)
        show(imageStore.image(forKey: item.itemKey))
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        view.endEditing(true)
        item.name = nameField.text ?? ""
        item.serialNumber = serialNumberField.text
        if let valueText = valueField.text, let value = numberFormatter.number(from: valueText) {
            item.valueInDollars = value.intValue
        } else {
            item.valueInDollars = 0
        }
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        textField.resignFirstResponder()
        return true
    }

    private func show(_ image: UIImage?) {
        imageView.image = image
        imageView.isHidden = image == nil
        if let image {
            var frame = imageView.frame
            frame.size.height = photoWidth * image.size.height / max(image.size.width, 1)
            imageView.frame = frame
        }
    }

    // MARK: - The photo

    func choosePhotoSource(_ sender: UIBarButtonItem?) {
        let alertController = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        alertController.modalPresentationStyle = .popover
        alertController.popoverPresentationController?.barButtonItem = sender ?? navigationItem.rightBarButtonItem
        if UIImagePickerController.isSourceTypeAvailable(.camera) {
            let cameraAction = UIAlertAction(title: "Camera", style: .default) { _ in
                let imagePicker = self.imagePicker(for: .camera)
                self.present(imagePicker, animated: true, completion: nil)
            }
            alertController.addAction(cameraAction)
        }
        let photoLibraryAction = UIAlertAction(title: "Photo Library", style: .default) { _ in
            let imagePicker = self.imagePicker(for: self.librarySource)
            imagePicker.modalPresentationStyle = .popover
            imagePicker.popoverPresentationController?.barButtonItem = sender ?? self.navigationItem.rightBarButtonItem
            self.present(imagePicker, animated: true, completion: nil)
        }
        alertController.addAction(photoLibraryAction)
        alertController.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        present(alertController, animated: true, completion: nil)
    }

    /// The source "Photo Library" opens: the library, or the saved-photos album when the app
    /// is launched with `-librarySource savedPhotosAlbum`.
    var librarySource: UIImagePickerController.SourceType {
        UserDefaults.standard.string(forKey: "librarySource") == "savedPhotosAlbum" ? .savedPhotosAlbum : .photoLibrary
    }

    func imagePicker(for sourceType: UIImagePickerController.SourceType) -> UIImagePickerController {
        let imagePicker = UIImagePickerController()
        imagePicker.sourceType = sourceType
        imagePicker.delegate = self
        return imagePicker
    }

    func imagePickerController(_ picker: UIImagePickerController,
                               didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
        let image = info[.originalImage] as! UIImage
        imageStore.setImage(image, forKey: item.itemKey)
        show(image)
        dismiss(animated: true, completion: nil)
    }

    func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        dismiss(animated: true, completion: nil)
    }
}
