import Core
import DeviceStore
import Platform

/// A PHPicker result's item provider: loads its asset on the item-provider queue after a seeded
/// latency (5–50 ms of virtual time), or fails as the Simulator's known issue does (IOS-FACTS §6).
///
/// A HEIC photo lists `public.heic` before `public.jpeg`, and in the `automatic` and `compatible`
/// modes it is handed over as a JPEG transcoded by Core (IOS-FACTS §6: expo/expo#35840,
/// react-native-image-picker#2056); in `current` mode its own HEIC bytes are decoded. The
/// transcoding quality is PhotoSim's choice (``transcodingQuality``): Apple's is not published.
final class HostItemProvider: ItemProvider {
    private weak var process: AppProcess?
    private let asset: MediaAsset
    private let fails: Bool
    private let mode: PhotoPickerConfiguration.AssetRepresentationMode

    /// The JPEG quality of a HEIC photo handed over as JPEG.
    static let transcodingQuality = 90

    init(process: AppProcess, asset: MediaAsset, fails: Bool, mode: PhotoPickerConfiguration.AssetRepresentationMode) {
        self.process = process
        self.asset = asset
        self.fails = fails
        self.mode = mode
    }

    private var isHEIC: Bool { asset.uniformTypeIdentifier == "public.heic" }

    /// What `loadImage` hands over: the asset's own type, or JPEG for a HEIC photo outside `current` mode.
    private var deliveredTypeIdentifier: String { isHEIC && mode != .current ? "public.jpeg" : asset.uniformTypeIdentifier }

    var registeredTypeIdentifiers: [String] { isHEIC ? ["public.heic", "public.jpeg"] : [asset.uniformTypeIdentifier] }

    /// `NSItemProviderErrorDomain` -1000, "Cannot load representation of type <UTI>".
    static func loadError(typeIdentifier: String) -> PlatformError {
        PlatformError(domain: "NSItemProviderErrorDomain", code: -1000,
                      localizedDescription: "Cannot load representation of type \(typeIdentifier)")
    }

    func loadImage(completion: @escaping (Result<Bitmap, PlatformError>) throws -> Void) {
        guard let process, process.isAlive else { return }
        let host = process.host
        let latency = Duration.milliseconds(5 + Int(host.world.streams.stream("itemprovider").next(below: 46)))
        let queue = host.workQueue(label: "com.apple.itemprovider", concurrent: true)
        let asset = asset, fails = fails, delivered = deliveredTypeIdentifier
        host.world.scheduler.asyncAfter(delay: latency, on: queue, label: "load \(asset.fileName)") { [weak process] in
            guard let process else { return }
            process.call {
                if fails {
                    process.trace.record(.itemProviderFailed(file: asset.fileName))
                    return try completion(.failure(Self.loadError(typeIdentifier: delivered)))
                }
                let path = host.device.mediaLibrary.mediaFolder.appendingPathComponent(asset.path)
                var data = try host.device.fileSystem.contents(of: path)
                if delivered != asset.uniformTypeIdentifier {
                    data = try ImageDecoder().jpegData(from: data, quality: Self.transcodingQuality)
                }
                let bitmap = try ImageDecoder(meter: process.meter).decode(data)
                process.trace.record(.itemProviderLoaded(file: asset.fileName, typeIdentifier: delivered))
                try completion(.success(bitmap))
            }
        }
    }
}

extension AppProcess {
    /// Hands a PHPicker's delegate its results, in the order given.
    func deliverPhotoPickerResults(indices: [Int], failing: Set<Int>, to picker: PhotoPickerController) throws {
        var results: [PhotoPickerResult] = []
        for index in indices {
            let asset = try host.device.mediaLibrary.asset(at: index)
            let provider = HostItemProvider(process: self, asset: asset, fails: failing.contains(index),
                                            mode: picker.configuration.preferredAssetRepresentationMode)
            results.append(PhotoPickerResult(itemProvider: provider, assetIdentifier: nil))
        }
        trace.record(.pickerResults(indices: indices))
        try picker.delegate?.picker(picker, didFinishPicking: results)
    }
}
