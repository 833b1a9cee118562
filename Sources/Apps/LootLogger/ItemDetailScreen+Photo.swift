import Core
import Platform

/// Choosing the item's photo, as the seed does: an action sheet presented as a popover (a
/// popover on iPad, an action sheet on iPhone) with "Camera" only when the device has one,
/// "Photo Library" (a popover on iPad) and "Cancel"; the camera shows full screen. The picked
/// photo's `originalImage` is read unconditionally, stored under the item's key and shown.
extension ItemDetailScreen: ImagePickerDelegate {
    func choosePhotoSource() throws {
        let sheet = AlertScreen(title: nil, message: nil, preferredStyle: .actionSheet, environment: environment)
        if environment.isSourceTypeAvailable(.camera) {
            sheet.addAction(AlertAction(title: "Camera") { [unowned self] _ in
                try self.present(try self.imagePicker(for: .camera))
            })
        }
        sheet.addAction(AlertAction(title: "Photo Library") { [unowned self] _ in
            try self.present(try self.imagePicker(for: self.app.options.librarySource), style: .popover)
        })
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        // The seed anchors it: `popoverPresentationController?.barButtonItem = sender`.
        sheet.popoverAnchor = "Camera"
        try present(sheet, style: .popover)
    }

    private func imagePicker(for sourceType: ImagePickerSourceType) throws -> ImagePickerController {
        let picker = try ImagePickerController(sourceType: sourceType, environment: environment)
        picker.delegate = self
        return picker
    }

    func imagePickerController(_ picker: ImagePickerController, didFinishPickingMediaWithInfo info: ImagePickerInfo) throws {
        guard let image = info.originalImage else {
            // The seed force-casts `info[.originalImage]`.
            throw environment.crash(reason: "Unexpectedly found nil while unwrapping an Optional value")
        }
        if let key = ImageKey(itemKey) {
            do {
                try app.imageStore.store.setImage(image, forKey: key)
                photoError = nil
            } catch {
                photoError = "The photo could not be kept: \(error)"
            }
        }
        try dismiss(animated: true)
    }

    func imagePickerControllerDidCancel(_ picker: ImagePickerController) throws {
        try dismiss(animated: true)
    }
}
