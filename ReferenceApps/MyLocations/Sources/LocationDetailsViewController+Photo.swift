import PhotosUI
import UIKit

/// Choosing the photo: with a camera an action sheet offers Take Photo and Choose From Library
/// (no title, no message), without one the library opens directly; both pickers allow editing
/// and the edited image is what is shown and saved. `-picker phpicker` chooses with PHPicker.
extension LocationDetailsViewController: UIImagePickerControllerDelegate, UINavigationControllerDelegate,
                                         PHPickerViewControllerDelegate {
    func pickPhoto() {
        if UIImagePickerController.isSourceTypeAvailable(.camera) {
            showPhotoMenu()
        } else {
            choosePhotoFromLibrary()
        }
    }

    func showPhotoMenu() {
        let alert = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        alert.addAction(UIAlertAction(title: "Take Photo", style: .default) { _ in self.takePhotoWithCamera() })
        alert.addAction(UIAlertAction(title: "Choose From Library", style: .default) { _ in self.choosePhotoFromLibrary() })
        present(alert, animated: true, completion: nil)
    }

    func takePhotoWithCamera() {
        let imagePicker = UIImagePickerController()
        imagePicker.sourceType = .camera
        imagePicker.delegate = self
        imagePicker.allowsEditing = true
        present(imagePicker, animated: true, completion: nil)
    }

    func choosePhotoFromLibrary() {
        if dataModel.options.usesPhotoPicker {
            var configuration = PHPickerConfiguration()
            configuration.selectionLimit = 1
            configuration.filter = .images
            let picker = PHPickerViewController(configuration: configuration)
            picker.delegate = self
            present(picker, animated: true, completion: nil)
            return
        }
        let imagePicker = UIImagePickerController()
        imagePicker.sourceType = .photoLibrary
        imagePicker.delegate = self
        imagePicker.allowsEditing = true
        present(imagePicker, animated: true, completion: nil)
    }

    // MARK: - UIImagePickerControllerDelegate

    func imagePickerController(_ picker: UIImagePickerController,
                               didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
        show(info[.editedImage] as? UIImage, error: nil)
        dismiss(animated: true, completion: nil)
    }

    func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        dismiss(animated: true, completion: nil)
    }

    // MARK: - PHPickerViewControllerDelegate

    func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) {
        dismiss(animated: true, completion: nil)
        guard let provider = results.first?.itemProvider, provider.canLoadObject(ofClass: UIImage.self) else { return }
        provider.loadObject(ofClass: UIImage.self) { [weak self] object, error in
            DispatchQueue.main.async {
                if let loaded = object as? UIImage {
                    self?.show(loaded, error: nil)
                } else {
                    let failure = (error ?? CocoaError(.fileReadUnknown)) as NSError
                    self?.show(nil, error: "The photo could not be loaded: \(failure.localizedDescription) (\(failure.domain) \(failure.code))")
                }
            }
        }
    }
}
