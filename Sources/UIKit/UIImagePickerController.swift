import AppChannel
import Core
import Foundation

/// The system's photo picker and camera (Apple: UIKit › UIImagePickerController; the rules are
/// UIImagePickerController.h's and IOS-FACTS "UIImagePickerController"):
///
/// - setting a `sourceType` the device does not have ends the app with
///   `NSInvalidArgumentException`, reason `Source type 1 not available` (the camera of a device
///   without one);
/// - the camera-only properties on a picker of another source end it with
///   `Source type must be UIImagePickerControllerSourceTypeCamera`;
/// - presenting the camera without `NSCameraUsageDescription` in the Info.plist ends it with
///   the TCC message (the photo library picker runs out of process and needs no key);
/// - the delegate gets either `imagePickerController(_:didFinishPickingMediaWithInfo:)` or
///   `imagePickerControllerDidCancel(_:)`, never both, and the picker does not dismiss itself.
///
/// A scenario's `pickPhoto` chooses a photo of the device's library: the info has
/// `.originalImage`, `.imageURL` (a copy in the app's `tmp`), `.mediaType` (`public.image`)
/// and, with `allowsEditing`, `.editedImage` and `.cropRect` (the whole photo).
open class UIImagePickerController: UINavigationController {
    /// Apple: `UIImagePickerController.SourceType` (photoLibrary 0, camera 1, savedPhotosAlbum 2).
    public enum SourceType: Int, Sendable {
        case photoLibrary = 0, camera = 1, savedPhotosAlbum = 2
    }

    /// Apple: `UIImagePickerController.CameraDevice` (rear 0, front 1).
    public enum CameraDevice: Int, Sendable { case rear = 0, front = 1 }

    /// Apple: `UIImagePickerController.InfoKey`; each raw value is the constant's name.
    public struct InfoKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let mediaType = InfoKey(rawValue: "UIImagePickerControllerMediaType")
        public static let originalImage = InfoKey(rawValue: "UIImagePickerControllerOriginalImage")
        public static let editedImage = InfoKey(rawValue: "UIImagePickerControllerEditedImage")
        public static let cropRect = InfoKey(rawValue: "UIImagePickerControllerCropRect")
        public static let mediaURL = InfoKey(rawValue: "UIImagePickerControllerMediaURL")
        public static let referenceURL = InfoKey(rawValue: "UIImagePickerControllerReferenceURL")
        public static let mediaMetadata = InfoKey(rawValue: "UIImagePickerControllerMediaMetadata")
        public static let livePhoto = InfoKey(rawValue: "UIImagePickerControllerLivePhoto")
        public static let phAsset = InfoKey(rawValue: "UIImagePickerControllerPHAsset")
        public static let imageURL = InfoKey(rawValue: "UIImagePickerControllerImageURL")
    }

    /// Whether the device has the source (a camera only on a device type with one).
    open class func isSourceTypeAvailable(_ sourceType: SourceType) -> Bool {
        sourceType != .camera || UIDevice.current.hasCamera
    }

    /// The media types of a source the device has (`public.image` and `public.movie`), nil for
    /// one it does not.
    open class func availableMediaTypes(for sourceType: SourceType) -> [String]? {
        isSourceTypeAvailable(sourceType) ? ["public.image", "public.movie"] : nil
    }

    open class func isCameraDeviceAvailable(_ cameraDevice: CameraDevice) -> Bool { UIDevice.current.hasCamera }

    /// The source; one the device does not have ends the app, as iOS raises.
    open var sourceType: SourceType = .photoLibrary {
        didSet {
            guard Self.isSourceTypeAvailable(sourceType) else {
                AppProcessLoop.terminate(exception: "NSInvalidArgumentException", reason: "Source type \(sourceType.rawValue) not available")
            }
            pickerScreen.update(for: self)
        }
    }
    open var mediaTypes: [String] = ["public.image"]
    open var allowsEditing = false

    /// The camera to use; on a picker whose source is not the camera, UIKit raises.
    open var cameraDevice: CameraDevice {
        get { storedCameraDevice }
        set {
            requireCamera()
            storedCameraDevice = newValue
        }
    }
    private var storedCameraDevice: CameraDevice = .rear
    open var showsCameraControls: Bool {
        get { storedShowsCameraControls }
        set {
            requireCamera()
            storedShowsCameraControls = newValue
        }
    }
    private var storedShowsCameraControls = true
    private let pickerScreen = PickerScreenController()

    public init() {
        super.init(rootViewController: pickerScreen)
        modalPresentationStyle = .automatic
        pickerScreen.update(for: self)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    private func requireCamera() {
        guard sourceType == .camera else {
            AppProcessLoop.terminate(exception: "NSInvalidArgumentException",
                                     reason: "Source type must be UIImagePickerControllerSourceTypeCamera")
        }
    }

    var pickerDelegate: UIImagePickerControllerDelegate? { delegate as? UIImagePickerControllerDelegate }

    /// The user chose the photo in `data` (`name` its file name in the library). With
    /// `allowsEditing` the editor's square is `.editedImage` and its rectangle `.cropRect`: the
    /// centre square of the stored pixels until the user moves it, or `crop`.
    func choose(_ data: Data, named name: String, number: Int, crop: CropSquare?) -> String? {
        guard let image = UIImage(data: data), let bitmap = image.bitmap else { return "the library's photo \(name) is not an image UIKit can read" }
        let tmp = FileManager.default.temporaryDirectory
        let extensionName = (name as NSString).pathExtension.isEmpty ? "jpeg" : (name as NSString).pathExtension.lowercased()
        let url = tmp.appendingPathComponent(String(format: "%08X-0000-4000-8000-%012X", number, number)).appendingPathExtension(extensionName)
        do { try SystemFiles.work { try data.write(to: url) } } catch { return "the picked photo could not be written to \(url.path): \(error)" }
        var info: [InfoKey: Any] = [.originalImage: image, .imageURL: url, .mediaType: "public.image"]
        var cropped = ""
        if allowsEditing {
            let side = crop?.side ?? min(bitmap.width, bitmap.height)
            let square = PixelRect(x: crop?.x ?? (bitmap.width - side) / 2, y: crop?.y ?? (bitmap.height - side) / 2, width: side, height: side)
            guard side > 0, square.x >= 0, square.y >= 0, square.x + side <= bitmap.width, square.y + side <= bitmap.height else {
                return "the crop \(square) does not fit the \(bitmap.width)x\(bitmap.height) photo \(name)"
            }
            info[.cropRect] = NSValue(rect: CGRect(x: square.x, y: square.y, width: side, height: side))
            info[.editedImage] = UIImage(bitmap: bitmap.resampled(toWidth: side, height: side, from: square), scale: 1,
                                         orientation: image.imageOrientation)
            cropped = " cropped to \(square)"
        }
        AppProcessLoop.record("picked \(name) (\(bitmap.width)x\(bitmap.height))\(cropped)")
        AppProcessLoop.record("imagePickerController(_:didFinishPickingMediaWithInfo:)")
        pickerDelegate?.imagePickerController(self, didFinishPickingMediaWithInfo: info)
        return nil
    }

    /// The user took a photo with the camera: `sensor` gives what the sensor saw, made only once
    /// the camera may show it. The info has `.originalImage` and `.mediaType` (a capture has no
    /// file URL), and with `allowsEditing` `.editedImage` and `.cropRect`, the centre square the
    /// camera's editor frames by default.
    func takePhoto(_ sensor: () -> UIImage?) -> String? {
        guard sourceType == .camera else { return "the picker on screen is not the camera" }
        guard !CameraAccess.isAsking else { return "the camera's privacy prompt is on screen: answer it first" }
        guard CameraAccess.decision == true else { return "camera access is denied: the camera shows no image" }
        guard let image = sensor(), let bitmap = image.bitmap else { return "the camera's image is not one UIKit can read" }
        var info: [InfoKey: Any] = [.originalImage: image, .mediaType: "public.image"]
        if allowsEditing {
            let width = bitmap.width, height = bitmap.height, side = min(width, height)
            let square = PixelRect(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side)
            info[.cropRect] = NSValue(rect: CGRect(x: square.x, y: square.y, width: side, height: side))
            info[.editedImage] = UIImage(bitmap: bitmap.resampled(toWidth: side, height: side, from: square),
                                         scale: 1, orientation: image.imageOrientation)
        }
        AppProcessLoop.record("camera took \(bitmap.width)x\(bitmap.height)")
        AppProcessLoop.record("imagePickerController(_:didFinishPickingMediaWithInfo:)")
        pickerDelegate?.imagePickerController(self, didFinishPickingMediaWithInfo: info)
        return nil
    }

    func cancel() {
        AppProcessLoop.record("imagePickerControllerDidCancel(_:)")
        if let delegate = pickerDelegate {
            delegate.imagePickerControllerDidCancel(self)
        } else {
            dismiss(animated: true)
        }
    }
}

/// What the picker shows: its title and Cancel (the photos themselves are the system's, out of
/// the app's process; a scenario's `pickPhoto` chooses among them).
final class PickerScreenController: UIViewController {
    private weak var picker: UIImagePickerController?

    func update(for picker: UIImagePickerController) {
        self.picker = picker
        title = picker.sourceType == .camera ? "Camera" : "Photos"
        navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .cancel, primaryAction: UIAction { [weak picker] _ in
            picker?.cancel()
        })
    }
}

/// Apple: UIKit › UIImagePickerControllerDelegate; both methods optional.
public protocol UIImagePickerControllerDelegate: AnyObject {
    func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any])
    func imagePickerControllerDidCancel(_ picker: UIImagePickerController)
}

extension UIImagePickerControllerDelegate {
    public func imagePickerController(_ picker: UIImagePickerController,
                                      didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {}
    /// Without the delegate's own, the picker is dismissed (UNVERIFIED: the header says only that
    /// the client dismisses it).
    public func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        picker.dismiss(animated: true)
    }
}
