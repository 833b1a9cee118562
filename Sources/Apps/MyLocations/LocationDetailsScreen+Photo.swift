import Core
import Platform

/// Choosing the photo: the action sheet, the pickers and their delegates.
extension LocationDetailsScreen: ImagePickerDelegate, PhotoPickerDelegate {
    func pickPhoto() throws {
        if environment.isSourceTypeAvailable(.camera) {
            try showPhotoMenu()
        } else {
            try choosePhotoFromLibrary()
        }
    }

    private func showPhotoMenu() throws {
        let sheet = AlertScreen(title: nil, message: nil, preferredStyle: .actionSheet, environment: environment)
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        sheet.addAction(AlertAction(title: "Take Photo") { [unowned self] _ in try self.takePhotoWithCamera() })
        sheet.addAction(AlertAction(title: "Choose From Library") { [unowned self] _ in try self.choosePhotoFromLibrary() })
        try present(sheet)
    }

    private func takePhotoWithCamera() throws {
        let picker = try ImagePickerController(sourceType: .camera, environment: environment)
        picker.allowsEditing = true
        picker.delegate = self
        try present(picker)
    }

    private func choosePhotoFromLibrary() throws {
        if app.options.usesPhotoPicker {
            let picker = PhotoPickerController(configuration: PhotoPickerConfiguration(selectionLimit: 1, filter: .images),
                                               environment: environment)
            picker.delegate = self
            return try present(picker)
        }
        let picker = try ImagePickerController(sourceType: .photoLibrary, environment: environment)
        picker.allowsEditing = true
        picker.delegate = self
        try present(picker)
    }

    func imagePickerController(_ picker: ImagePickerController, didFinishPickingMediaWithInfo info: ImagePickerInfo) throws {
        image = info.editedImage
        photoError = nil
        try dismiss(animated: true)
    }

    func imagePickerControllerDidCancel(_ picker: ImagePickerController) throws {
        try dismiss(animated: true)
    }

    func picker(_ picker: PhotoPickerController, didFinishPicking results: [PhotoPickerResult]) throws {
        try dismiss(animated: true)
        guard let provider = results.first?.itemProvider else { return }
        let main = environment.mainQueue
        provider.loadImage { [weak self] result in
            main.async("show loaded photo") { [weak self] in self?.showLoaded(result) }
        }
    }

    private func showLoaded(_ result: Result<Bitmap, PlatformError>) {
        switch result {
        case .success(let bitmap):
            image = bitmap
            photoError = nil
        case .failure(let error):
            image = nil
            photoError = "The photo could not be loaded: \(error.localizedDescription) (\(error.domain) \(error.code))"
        }
    }
}
