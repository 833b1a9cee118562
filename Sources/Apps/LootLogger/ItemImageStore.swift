import Core
import Platform

/// The items' photos: Core's ``ImageStore`` on `Documents` (one JPEG per item key, decoded
/// lazily into a cache), emptied when a memory warning arrives unless the app was launched with
/// `flushOnMemoryWarning: false`.
final class ItemImageStore {
    let store: ImageStore
    private let environment: AppEnvironment
    private var observation: NotificationObservation?

    init(environment: AppEnvironment, flushesOnMemoryWarning: Bool) {
        self.environment = environment
        store = ImageStore(folder: environment.containerPath.appendingPathComponent("Documents"),
                           fileSystem: environment.fileSystem, decoder: ImageDecoder(meter: environment.memoryMeter))
        guard flushesOnMemoryWarning else { return }
        observation = environment.notificationCenter.addObserver(forName: .didReceiveMemoryWarning, registrant: self) {
            [weak self] _ in self?.store.didReceiveMemoryWarning()
        }
    }

    deinit {
        if let observation { environment.notificationCenter.removeObserver(observation) }
    }

    /// The item's photo, or nil with no photo (a missing or unreadable file shows none).
    func image(for item: Item) -> Bitmap? {
        guard let key = ImageKey(item.itemKey) else { return nil }
        return store.image(forKey: key).bitmap
    }
}
