import Core
import DeviceStore
import Platform

/// The system pickers' side: the camera's usage check and prompt (IOS-FACTS §1, §8), what a
/// picker shows, and delivering a pick to the delegate.
extension AppProcess {
    /// Missing `NSCameraUsageDescription` crashes the app with the TCC message (IOS-FACTS §1).
    func checkCameraUsage() throws {
        let key = UsageDescriptionKey.camera
        guard host.device.usageDescription(key) != nil else {
            recordTermination(.missingUsageDescription(key))
            throw AppTermination.missingUsageDescription(key)
        }
    }

    /// The first camera use asks: `“<App>” Would Like to Access the Camera`, Don’t Allow / OK (IOS-FACTS §8).
    func promptForCameraIfUndecided() {
        guard host.device.privacy[.camera] == nil else { return }
        let title = "“\(host.device.displayName)” Would Like to Access the Camera"
        prompt = SystemPrompt(title: title, message: host.device.usageDescription(.camera) ?? "",
                              buttons: [("Don’t Allow", .denied), ("OK", .granted)], service: .camera)
        trace.record(.prompted(title: title))
    }

    /// A picker's elements: Cancel, then one cell per asset (library) or the shutter (camera).
    func pickerElements(of screen: Screen) -> [Element] {
        var shown = [Element(kind: .navigationButton, label: "Cancel", identifier: "cancel") { [weak self] in
            self?.deliverCancel(of: screen)
        }]
        if let picker = screen as? ImagePickerController, picker.sourceType == .camera {
            shown.append(Element(kind: .button, label: "Take Picture", identifier: "shutter") { [weak self] in
                try self?.deliverCameraPhoto(to: picker)
            })
            return shown
        }
        let assets = (try? host.device.mediaLibrary.assets()) ?? []
        for (index, asset) in assets.enumerated() {
            shown.append(Element(kind: .cell, label: asset.fileName, identifier: asset.localIdentifier) { [weak self] in
                guard let self else { return }
                if let picker = screen as? ImagePickerController {
                    try self.deliverLibraryPick(index: index, crop: nil, to: picker)
                } else if let picker = screen as? PhotoPickerController {
                    try self.deliverPhotoPickerResults(indices: [index], failing: [], to: picker)
                }
            })
        }
        return shown
    }

    /// Tells the delegate the user cancelled (it dismisses the picker itself).
    func deliverCancel(of screen: Screen) {
        trace.record(.pickerCancelled)
        if let picker = screen as? ImagePickerController {
            call { try picker.delegate?.imagePickerControllerDidCancel(picker) }
        } else if let picker = screen as? PhotoPickerController {
            call { try picker.delegate?.picker(picker, didFinishPicking: []) }
        }
    }

    /// Decodes asset `index` (oldest first; negative from the newest) and hands it to the delegate.
    func deliverLibraryPick(index: Int, crop: PixelRect?, to picker: ImagePickerController) throws {
        let asset = try host.device.mediaLibrary.asset(at: index)
        let data = try host.device.fileSystem.contents(of: host.device.mediaLibrary.mediaFolder.appendingPathComponent(asset.path))
        let original = try ImageDecoder(meter: meter).decode(data)
        var info = ImagePickerInfo(originalImage: original, imageURL: asset.path,
                                   assetIdentifier: host.device.privacy[.photos] == .granted ? asset.localIdentifier : nil)
        if picker.allowsEditing { edit(&info, original: original, crop: crop) }
        trace.record(.picked(file: asset.fileName, width: original.width, height: original.height, crop: info.cropRect))
        try picker.delegate?.imagePickerController(picker, didFinishPickingMediaWithInfo: info)
    }

    /// Takes a synthetic photo (a seeded gradient at the camera's size) and hands it over.
    func deliverCameraPhoto(to picker: ImagePickerController) throws {
        guard host.device.privacy[.camera] == .granted else {
            trace.record(.cameraShowsNoImage(access: host.device.privacy[.camera]?.rawValue))
            return
        }
        let photo: Bitmap
        if let injected = host.injectedCameraImage {
            photo = try ImageDecoder(meter: meter).decode(injected)
        } else {
            let size = host.cameraPhotoSize ?? host.device.deviceType.cameraPhotoSize
            photo = SyntheticPhoto.make(width: size.0, height: size.1, random: host.world.streams.stream("camera"), meter: meter)
        }
        var info = ImagePickerInfo(originalImage: photo)
        if picker.allowsEditing { edit(&info, original: photo, crop: nil) }
        trace.record(.cameraTook(width: photo.width, height: photo.height))
        try picker.delegate?.imagePickerController(picker, didFinishPickingMediaWithInfo: info)
    }

    /// `allowsEditing`: the centre square (or `crop`) as editedImage, with its cropRect.
    private func edit(_ info: inout ImagePickerInfo, original: Bitmap, crop: PixelRect?) {
        let rect = crop ?? PixelRect.centredCrop(width: original.width, height: original.height, aspectWidth: 1, aspectHeight: 1)
        info.cropRect = rect
        info.editedImage = original.resampled(toWidth: rect.width, height: rect.height, from: rect)
    }
}

extension MediaLibrary {
    /// The asset at `index` in the picker's order (oldest first; -1 is the newest).
    func asset(at index: Int) throws -> MediaAsset {
        let assets = try assets()
        let position = index < 0 ? assets.count + index : index
        guard assets.indices.contains(position) else { throw RuntimeError.noSuchAsset(index: index, count: assets.count) }
        return assets[position]
    }
}
