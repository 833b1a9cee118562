import Core
import Platform

/// The PhotoBlobs app (seed 002): "Capture" takes a photo with the camera and saves it as a
/// full-size + thumbnail record pair; "Load" shows the newest record's thumbnail.
///
/// As in the seed, the photo is converted (JPEG at quality 1.0, and a thumbnail at 0.7: the whole
/// photo scaled to cover the screen, the view controller's view, at its scale) on a concurrent queue and saved with a barrier `sync` onto a concurrent save queue, so
/// loads (plain `async` on the save queue) never see half a save; the record's time is taken
/// when the photo arrives, before the conversion. A save that fails is the seed's `fatalError`.
public enum PhotoBlobs {
    public static let bundleIdentifier: BundleIdentifier = "com.photosim.PhotoBlobs"
    /// The seed gives no text; the app needs the key since it uses the camera.
    public static let cameraUsageDescription = "PhotoBlobs saves the photos you take."
    /// The record store, relative to the container (Core Data's default folder).
    public static let storePath = "Library/Application Support/PhotoBlobs.sqlite"
    /// The queue labels, as the seed names them.
    public static let conversionQueueLabel = "convertQueue"
    public static let saveQueueLabel = "saveQueue"

    public static let definition = AppDefinition(
        bundleIdentifier: bundleIdentifier, displayName: "PhotoBlobs",
        usageDescriptions: [.camera: cameraUsageDescription],
        checkers: [PhotoBlobsCheckers.externalStorage]
    ) { PhotoBlobsApp(environment: $0) }
}
