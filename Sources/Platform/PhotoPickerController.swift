import Core

/// `PHPickerViewController`: the out-of-process library picker (no permission needed, IOS-FACTS §1).
///
/// Its delegate gets the chosen results (none on cancel) and dismisses it; each result's item
/// provider then loads the image asynchronously, and may fail.
public final class PhotoPickerController: Screen {
    public let configuration: PhotoPickerConfiguration
    public weak var delegate: PhotoPickerDelegate?

    public init(configuration: PhotoPickerConfiguration = PhotoPickerConfiguration(), environment: AppEnvironment) {
        self.configuration = configuration
        super.init(environment: environment)
    }

    public override var title: String { "Photos" }
    public override var appleClassName: String? { "PHPickerViewController" }

    public override var elements: [Element] { environment.screens.systemElements(of: self) }
}

/// `PHPickerConfiguration` (IOS-FACTS §6 defaults).
public struct PhotoPickerConfiguration: Equatable, Sendable {
    /// What may be chosen.
    public enum Filter: String, Sendable {
        case images
        case any
    }

    /// `PHPickerConfiguration.AssetRepresentationMode`, raw values as in PHPicker.h.
    public enum AssetRepresentationMode: Int, Sendable {
        /// The system picks; a HEIC photo is handed over as JPEG (IOS-FACTS §6).
        case automatic = 0
        /// The asset's own bytes: a HEIC photo stays HEIC.
        case current = 1
        /// The most compatible format: a HEIC photo is transcoded to JPEG.
        case compatible = 2
    }

    /// 1 by default; 0 means the system maximum.
    public var selectionLimit: Int
    public var filter: Filter
    /// `preferredAssetRepresentationMode`: `.automatic` by default.
    public var preferredAssetRepresentationMode: AssetRepresentationMode

    public init(selectionLimit: Int = 1, filter: Filter = .any,
                preferredAssetRepresentationMode: AssetRepresentationMode = .automatic) {
        self.selectionLimit = selectionLimit
        self.filter = filter
        self.preferredAssetRepresentationMode = preferredAssetRepresentationMode
    }
}

/// `PHPickerViewControllerDelegate`.
public protocol PhotoPickerDelegate: AnyObject {
    /// The chosen results, in selection order; empty when the user cancelled.
    func picker(_ picker: PhotoPickerController, didFinishPicking results: [PhotoPickerResult]) throws
}

/// `PHPickerResult`.
public struct PhotoPickerResult {
    public let itemProvider: ItemProvider
    /// nil when the picker was made without a photo library (the default, IOS-FACTS §6).
    public let assetIdentifier: String?

    public init(itemProvider: ItemProvider, assetIdentifier: String?) {
        self.itemProvider = itemProvider
        self.assetIdentifier = assetIdentifier
    }
}

/// `NSItemProvider` as a picker result carries it.
public protocol ItemProvider: AnyObject {
    /// `registeredTypeIdentifiers`.
    var registeredTypeIdentifiers: [String] { get }
    /// `loadObject(ofClass: UIImage.self)`: `completion` runs later on a background queue.
    func loadImage(completion: @escaping (Result<Bitmap, PlatformError>) throws -> Void)
}

/// An `NSError`: domain, code and localized description.
public struct PlatformError: Error, Equatable, Sendable, CustomStringConvertible {
    public let domain: String
    public let code: Int
    public let localizedDescription: String

    public init(domain: String, code: Int, localizedDescription: String) {
        self.domain = domain
        self.code = code
        self.localizedDescription = localizedDescription
    }

    /// `Error Domain=<domain> Code=<code> "<description>"`, as NSError prints itself.
    public var description: String {
        "Error Domain=\(domain) Code=\(code) \"\(localizedDescription)\""
    }
}
