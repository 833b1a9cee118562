import Core
import DeviceStore
import Foundation
import Platform

/// Driving the system pickers: choose a photo, take one, cancel, answer a PHPicker.
extension AppHost {
    /// In a presented library or saved-photos picker, chooses asset `index` (oldest first, -1 the
    /// newest); with editing on, crops to `crop` (default: the centre square).
    public func pickPhoto(index: Int, crop: PixelRect? = nil) throws(RuntimeError) {
        let process = try activeProcess()
        let presented = process.window.presentations.last?.screen
        guard let picker = presented as? ImagePickerController, picker.sourceType != .camera else {
            throw .wrongScreen(expected: "a photo library picker", actual: process.visibleScreenName)
        }
        _ = try libraryAsset(index)
        process.enqueueOnMain("pick photo \(index)") { [unowned process] in
            try process.deliverLibraryPick(index: index, crop: crop, to: picker)
        }
        try settle()
    }

    /// In a presented camera, takes a photo and uses it.
    public func takePhoto() throws(RuntimeError) {
        let (process, picker) = try shootingCamera()
        process.enqueueOnMain("take photo") { [unowned process] in try process.deliverCameraPhoto(to: picker) }
        try settle()
    }

    /// Whether ``takePhoto()`` would take one now: a camera on top, no prompt over it, access granted.
    public var canTakePhoto: Bool { (try? shootingCamera()) != nil }

    /// The active process and its camera on top, ready to shoot; else why not.
    private func shootingCamera() throws(RuntimeError) -> (AppProcess, ImagePickerController) {
        let process = try activeProcess()
        guard let picker = process.window.presentations.last?.screen as? ImagePickerController,
              picker.sourceType == .camera, process.prompt == nil else {
            throw .wrongScreen(expected: "the camera", actual: process.visibleScreenName)
        }
        guard device.privacy[.camera] == .granted else { throw .cameraUnavailable(reason: "camera access is denied") }
        return (process, picker)
    }

    /// In a presented camera, takes `imageData` (an image file's bytes: camera injection, as
    /// device clouds offer it) instead of a synthetic photo, and uses it. Data that does not
    /// decode is refused with ``RuntimeError/unusableCameraImage(_:)`` before the app is handed
    /// anything: a real camera never delivers a damaged photo, so the app must not crash on one.
    public func takePhoto(imageData: Data) throws(RuntimeError) {
        do {
            _ = try ImageDecoder().decode(imageData)
        } catch {
            throw .unusableCameraImage(error)
        }
        context.injectedCameraImage = imageData
        defer { context.injectedCameraImage = nil }
        try takePhoto()
    }

    /// The presented picker's Cancel.
    public func cancelPicker() throws(RuntimeError) {
        let process = try activeProcess()
        guard let presented = process.window.presentations.last?.screen,
              presented is ImagePickerController || presented is PhotoPickerController else {
            throw .wrongScreen(expected: "a picker", actual: process.visibleScreenName)
        }
        process.enqueueOnMain("cancel picker") { [unowned process] in process.deliverCancel(of: presented) }
        try settle()
    }

    /// Answers a presented PHPicker with these assets (picker order); those in `failing` fail to
    /// load with the simulator's known error (IOS-FACTS §6).
    public func pickerResults(assets indices: [Int], failing: Set<Int> = []) throws(RuntimeError) {
        let process = try activeProcess()
        guard let picker = process.window.presentations.last?.screen as? PhotoPickerController else {
            throw .wrongScreen(expected: "a PHPicker", actual: process.visibleScreenName)
        }
        for index in indices { _ = try libraryAsset(index) }
        process.enqueueOnMain("picker results") { [unowned process] in
            try process.deliverPhotoPickerResults(indices: indices, failing: failing, to: picker)
        }
        try settle()
    }

    private func libraryAsset(_ index: Int) throws(RuntimeError) -> MediaAsset {
        do {
            return try device.mediaLibrary.asset(at: index)
        } catch let error as RuntimeError {
            throw error
        } catch {
            throw .wrongScreen(expected: "a readable photo library", actual: "\(error)")
        }
    }
}
