// `import PhotosUI` brings UIKit and Photos, as Apple's PhotosUI does.
@_exported import Photos
@_exported import UIKit
import AppChannel
import Core
import UniformTypeIdentifiers

/// What a photo picker offers (Apple: PhotosUI › PHPickerFilter): images, videos, Live Photos,
/// or a combination. The device's library holds photos (JPEG, PNG, HEIC, GIF): `.images` and
/// `.any(of:)` with it offer them; `.videos` and `.livePhotos` alone offer none.
public struct PHPickerFilter: Equatable, Hashable, Sendable {
    indirect enum Rule: Hashable, Sendable {
        case images, videos, livePhotos
        case any([Rule]), all([Rule]), not(Rule)
    }

    let rule: Rule

    public static let images = PHPickerFilter(rule: .images)
    public static let videos = PHPickerFilter(rule: .videos)
    public static let livePhotos = PHPickerFilter(rule: .livePhotos)

    public static func any(of subfilters: [PHPickerFilter]) -> PHPickerFilter { PHPickerFilter(rule: .any(subfilters.map(\.rule))) }
    public static func all(of subfilters: [PHPickerFilter]) -> PHPickerFilter { PHPickerFilter(rule: .all(subfilters.map(\.rule))) }
    public static func not(_ filter: PHPickerFilter) -> PHPickerFilter { PHPickerFilter(rule: .not(filter.rule)) }

    /// Whether a still photo (not a Live Photo, not a video) passes.
    func offersStillPhoto() -> Bool { Self.offersStillPhoto(rule) }

    private static func offersStillPhoto(_ rule: Rule) -> Bool {
        switch rule {
        case .images: return true
        case .videos, .livePhotos: return false
        case .any(let rules): return rules.contains(where: offersStillPhoto)
        case .all(let rules): return rules.allSatisfy(offersStillPhoto)
        case .not(let inner): return !offersStillPhoto(inner)
        }
    }
}

/// How a picker is set up (Apple: PhotosUI › PHPickerConfiguration, defaults as PHPicker.h and
/// IOS-FACTS §6 give them: `selectionLimit` 1 (0 is the system's maximum), `filter` nil (images,
/// Live Photos and videos), `preferredAssetRepresentationMode` `.automatic`, `selection`
/// `.default`).
public struct PHPickerConfiguration: Equatable, Hashable, Sendable {
    /// Apple: automatic 0, current 1, compatible 2. Outside `.current` a HEIC photo is handed over
    /// as JPEG (IOS-FACTS §6).
    public enum AssetRepresentationMode: Int, Sendable {
        case automatic = 0, current = 1, compatible = 2
    }

    /// Apple: default 0, ordered 1, continuous 2, continuousAndOrdered 3.
    public enum Selection: Int, Sendable {
        case `default` = 0, ordered = 1, continuous = 2, continuousAndOrdered = 3
    }

    public var preferredAssetRepresentationMode: AssetRepresentationMode = .automatic
    public var selection: Selection = .default
    public var selectionLimit = 1
    public var filter: PHPickerFilter?
    public var preselectedAssetIdentifiers: [String] = []
    /// Whether the results carry asset identifiers: only a configuration made with a library
    /// does (IOS-FACTS §6: `init()` returns no asset identifiers).
    let hasPhotoLibrary: Bool

    public init() {
        hasPhotoLibrary = false
    }

    public init(photoLibrary: PHPhotoLibrary) {
        hasPhotoLibrary = true
    }
}

/// A chosen photo (Apple: PhotosUI › PHPickerResult): its item provider, and its asset's
/// `localIdentifier` when the picker was made with a photo library.
public struct PHPickerResult: Equatable, Hashable {
    public let itemProvider: NSItemProvider
    public let assetIdentifier: String?
}

/// Apple: PhotosUI › PHPickerViewControllerDelegate.
public protocol PHPickerViewControllerDelegate: AnyObject {
    /// The chosen photos in selection order; empty when the user cancelled. The picker does not
    /// dismiss itself (IOS-FACTS §6): the delegate dismisses it.
    func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult])
}

/// The system's photo picker (Apple: PhotosUI › PHPickerViewController). It needs no permission:
/// on iOS it runs out of the app's process, and here the simulator chooses the photos (a
/// scenario's `pickPhoto` or `pickerResults`) and hands them over; the app sees its title and its
/// Cancel button, and gets the results through its delegate.
open class PHPickerViewController: UIViewController, SystemPicker {
    public let configuration: PHPickerConfiguration
    open weak var delegate: PHPickerViewControllerDelegate?

    /// The JPEG quality of a HEIC photo handed over as JPEG (Apple's is not published; the app
    /// host uses the same).
    static let transcodingQuality = 90

    public init(configuration: PHPickerConfiguration) {
        self.configuration = configuration
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        configuration = PHPickerConfiguration()
        super.init(coder: coder)
    }

    open override func loadView() {
        let container = UIView(frame: UIScreen.main.bounds)
        container.backgroundColor = .systemBackground
        let top = UIScreen.main.safeAreaTop
        let title = UILabel(frame: CGRect(x: container.bounds.width / 2 - 100, y: top, width: 200, height: 44))
        title.text = "Photos"
        title.textAlignment = .center
        title.font = .boldSystemFont(ofSize: 17)
        let cancel = UIButton(type: .system, primaryAction: UIAction(title: "Cancel") { [weak self] _ in self?.cancelPicking() })
        cancel.frame = CGRect(x: 8, y: top, width: 80, height: 44)
        container.addSubview(title)
        container.addSubview(cancel)
        view = container
    }

    /// The user chose `items`: the results go to the delegate, each with an item provider of
    /// the photo's representations (a HEIC photo: `public.heic`, then `public.jpeg`).
    package func pick(_ items: [PickedItem]) -> String? {
        guard configuration.filter?.offersStillPhoto() ?? true else {
            return "the picker's filter offers no photos, and the library holds only photos"
        }
        if configuration.selectionLimit > 0, items.count > configuration.selectionLimit {
            return "the picker takes at most \(configuration.selectionLimit) photo\(configuration.selectionLimit == 1 ? "" : "s"), not \(items.count)"
        }
        var results: [PHPickerResult] = []
        for item in items {
            guard let provider = provider(for: item) else { return "\(item.fileName) is not a photo the picker can offer" }
            results.append(PHPickerResult(itemProvider: provider, assetIdentifier: configuration.hasPhotoLibrary ? item.localIdentifier : nil))
        }
        SDKEvents.record("picker results " + items.map(\.fileName).joined(separator: ", "))
        SDKEvents.record("picker(_:didFinishPicking:) \(results.count)")
        delegate?.picker(self, didFinishPicking: results)
        return nil
    }

    package func cancelPicking() {
        SDKEvents.record("picker(_:didFinishPicking:) 0")
        delegate?.picker(self, didFinishPicking: [])
    }

    /// The item provider of one photo: its own type first, and for a HEIC photo a JPEG made
    /// from it, which is what the picker hands over unless its mode is `.current`.
    private func provider(for item: PickedItem) -> NSItemProvider? {
        guard let own = Self.typeIdentifier(of: item.data) else { return nil }
        let provider = NSItemProvider()
        provider.suggestedName = (item.fileName as NSString).deletingPathExtension
        let isHEIC = own == UTType.heic.identifier
        let delivered = isHEIC && configuration.preferredAssetRepresentationMode != .current ? UTType.jpeg.identifier : own
        provider.preferredTypeIdentifier = delivered
        let data = item.data, name = item.fileName, fails = item.fails
        func load(as type: String) -> (() throws -> Data)? {
            guard !fails else {
                return {
                    SDKEvents.record("item provider failed \(name)")
                    throw NSItemProvider.unavailable(delivered)
                }
            }
            return {
                let bytes = type == own ? data : try ImageDecoder().jpegData(from: data, quality: Self.transcodingQuality)
                SDKEvents.record("item provider loaded \(name) as \(type)")
                return bytes
            }
        }
        provider.register(typeIdentifier: own, load: load(as: own))
        if isHEIC { provider.register(typeIdentifier: UTType.jpeg.identifier, load: load(as: UTType.jpeg.identifier)) }
        return provider
    }

    /// The photo's type from its first bytes (JPEG, PNG, GIF, HEIC), nil for anything else.
    private static func typeIdentifier(of data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return UTType.jpeg.identifier }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return UTType.png.identifier }
        if bytes.starts(with: Array("GIF8".utf8)) { return UTType.gif.identifier }
        if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) { return UTType.heic.identifier }
        return nil
    }
}
