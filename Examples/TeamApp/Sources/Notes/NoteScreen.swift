import Core
import Platform

/// The note: its status, the photo when there is one, Choose Photo and About.
///
/// The photo lives in Core's `ImageStore` (a JPEG in Documents, decoded into a cache); a memory
/// warning empties the cache, and the screen decodes the file again when it is next drawn.
final class NoteScreen: Screen {
    let store: ImageStore
    /// Why the last save failed, shown instead of the status.
    var saveError: String?
    static let photoKey = ImageKey("note-photo")!

    override init(environment: AppEnvironment) {
        store = ImageStore(folder: environment.containerPath.appendingPathComponent("Documents"),
                           fileSystem: environment.fileSystem, decoder: ImageDecoder(meter: environment.memoryMeter))
        super.init(environment: environment)
    }

    override var title: String { "Note" }

    override var elements: [Element] {
        let photo = store.image(forKey: Self.photoKey).bitmap
        var shown = [
            Element(kind: .label, label: saveError ?? (photo == nil ? "No photo" : "Photo saved"), identifier: "status"),
            Element(kind: .button, label: "Choose Photo", identifier: "choosePhoto") { [unowned self] in try self.choosePhoto() },
            Element(kind: .button, label: "About", identifier: "about") { [unowned self] in try self.showAbout() },
        ]
        if let photo {
            let scale = Double(environment.device.screenScale)
            shown.append(Element(kind: .image, label: "", identifier: "photo",
                                 image: DisplayedImage(bitmap: photo, widthPoints: Double(photo.width) / scale,
                                                       heightPoints: Double(photo.height) / scale)))
        }
        return shown
    }

    override func didReceiveMemoryWarning() throws {
        store.didReceiveMemoryWarning()
    }

    private func showAbout() throws {
        try push(AboutScreen(environment: environment))
    }
}
