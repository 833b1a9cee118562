import Core
import Platform

/// A PHPicker result's item provider: loads its asset on the item-provider queue after a seeded
/// latency (5–50 ms of virtual time), or fails as the Simulator's known issue does (IOS-FACTS §6).
final class HostItemProvider: ItemProvider {
    private weak var process: AppProcess?
    private let asset: MediaAsset
    private let fails: Bool

    init(process: AppProcess, asset: MediaAsset, fails: Bool) {
        self.process = process
        self.asset = asset
        self.fails = fails
    }

    var registeredTypeIdentifiers: [String] { [asset.uniformTypeIdentifier] }

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
        let asset = asset, fails = fails
        host.world.scheduler.asyncAfter(delay: latency, on: queue, label: "load \(asset.fileName)") { [weak process] in
            guard let process else { return }
            process.call {
                if fails {
                    process.trace.record("item provider failed \(asset.fileName)")
                    return try completion(.failure(Self.loadError(typeIdentifier: asset.uniformTypeIdentifier)))
                }
                let path = host.device.mediaLibrary.mediaFolder.appendingPathComponent(asset.path)
                let bitmap = try ImageDecoder(meter: process.meter).decode(try host.device.fileSystem.contents(of: path))
                process.trace.record("item provider loaded \(asset.fileName)")
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
            let provider = HostItemProvider(process: self, asset: asset, fails: failing.contains(index))
            results.append(PhotoPickerResult(itemProvider: provider, assetIdentifier: nil))
        }
        trace.record("picker results \(indices.map(String.init).joined(separator: ","))")
        try picker.delegate?.picker(picker, didFinishPicking: results)
    }
}
