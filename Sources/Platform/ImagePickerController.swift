import Core

/// `UIImagePickerController`: the system screen that takes a photo or picks one from the library.
///
/// Creating one for a source the device lacks raises `NSInvalidArgumentException` 'Source type 1
/// not available' (IOS-FACTS §2), so the initializer throws that termination. The picker never
/// dismisses itself: its delegate does, on finish or cancel.
///
/// ```swift
/// let picker = try ImagePickerController(sourceType: .photoLibrary, environment: environment)
/// picker.allowsEditing = true
/// picker.delegate = self
/// try present(picker)
/// ```
public final class ImagePickerController: Screen {
    public let sourceType: ImagePickerSourceType
    /// Lets the user crop to a square before choosing (`editedImage`, `cropRect`).
    public var allowsEditing = false
    public weak var delegate: ImagePickerDelegate?

    /// - Throws: ``AppTermination/sourceTypeNotAvailable(_:)`` when the device lacks the source.
    public init(sourceType: ImagePickerSourceType = .photoLibrary, environment: AppEnvironment) throws {
        guard environment.isSourceTypeAvailable(sourceType) else {
            throw environment.terminate(.sourceTypeNotAvailable(sourceType))
        }
        self.sourceType = sourceType
        super.init(environment: environment)
    }

    public override var title: String { sourceType == .camera ? "Camera" : "Photos" }
    public override var appleClassName: String? { "UIImagePickerController" }

    public override var elements: [Element] { environment.screens.systemElements(of: self) }
}

/// `UIImagePickerController.SourceType`, raw values from the SDK header (IOS-FACTS §2).
public enum ImagePickerSourceType: Int, Sendable, CaseIterable, CustomStringConvertible {
    case photoLibrary = 0
    case camera = 1
    case savedPhotosAlbum = 2

    public var description: String {
        switch self {
        case .photoLibrary: return "photoLibrary"
        case .camera: return "camera"
        case .savedPhotosAlbum: return "savedPhotosAlbum"
        }
    }
}

/// `UIImagePickerControllerDelegate`: exactly one of the two is called per presentation.
public protocol ImagePickerDelegate: AnyObject {
    func imagePickerController(_ picker: ImagePickerController, didFinishPickingMediaWithInfo info: ImagePickerInfo) throws
    func imagePickerControllerDidCancel(_ picker: ImagePickerController) throws
}

/// The info dictionary of a pick. Keys as iOS spells them (IOS-FACTS §2); absent keys are nil.
public struct ImagePickerInfo {
    /// `UIImagePickerControllerMediaType`: a UTI, `public.image`.
    public var mediaType: String
    /// `UIImagePickerControllerOriginalImage`.
    public var originalImage: Bitmap?
    /// `UIImagePickerControllerEditedImage`: present only with `allowsEditing`.
    public var editedImage: Bitmap?
    /// `UIImagePickerControllerCropRect`, in the original's pixels: present only with `allowsEditing`.
    public var cropRect: PixelRect?
    /// `UIImagePickerControllerImageURL`: a library pick's file (iOS 11+).
    public var imageURL: String?
    /// `UIImagePickerControllerPHAsset`'s local identifier; nil without full library access.
    public var assetIdentifier: String?

    public init(mediaType: String = "public.image", originalImage: Bitmap?, editedImage: Bitmap? = nil,
                cropRect: PixelRect? = nil, imageURL: String? = nil, assetIdentifier: String? = nil) {
        self.mediaType = mediaType
        self.originalImage = originalImage
        self.editedImage = editedImage
        self.cropRect = cropRect
        self.imageURL = imageURL
        self.assetIdentifier = assetIdentifier
    }

    /// The keys present, as iOS's raw strings, sorted.
    public var keys: [String] {
        var present = ["UIImagePickerControllerMediaType"]
        if originalImage != nil { present.append("UIImagePickerControllerOriginalImage") }
        if editedImage != nil { present.append("UIImagePickerControllerEditedImage") }
        if cropRect != nil { present.append("UIImagePickerControllerCropRect") }
        if imageURL != nil { present.append("UIImagePickerControllerImageURL") }
        if assetIdentifier != nil { present.append("UIImagePickerControllerPHAsset") }
        return present.sorted()
    }
}
