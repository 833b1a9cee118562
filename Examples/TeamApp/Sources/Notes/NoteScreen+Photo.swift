import Core
import Platform

/// Choosing the photo: the library picker (no permission needed), saved through the store.
extension NoteScreen: ImagePickerDelegate {
    func choosePhoto() throws {
        let picker = try ImagePickerController(sourceType: .photoLibrary, environment: environment)
        picker.delegate = self
        try present(picker)
    }

    func imagePickerController(_ picker: ImagePickerController, didFinishPickingMediaWithInfo info: ImagePickerInfo) throws {
        try dismiss(animated: true)
        guard let image = info.originalImage else { return }
        do {
            try store.setImage(image, forKey: Self.photoKey)
            saveError = nil
        } catch {
            saveError = "The photo could not be saved: \(error)"
        }
    }

    func imagePickerControllerDidCancel(_ picker: ImagePickerController) throws {
        try dismiss(animated: true)
    }
}
