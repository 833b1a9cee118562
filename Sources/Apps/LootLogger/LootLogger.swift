import Core
import Platform

/// The LootLogger app (seed 001): a list of items, each with a photo taken with the camera or
/// chosen from the library, kept by the item's key in an image store.
///
/// Launch arguments (SCENARIOS.md): `flushOnMemoryWarning: false` keeps the image cache on a
/// memory warning (as an `NSCache` without a cost limit would); `librarySource: savedPhotosAlbum`
/// makes "Photo Library" open the saved-photos album, the third source type.
public enum LootLogger {
    public static let bundleIdentifier: BundleIdentifier = "com.photosim.LootLogger"
    /// The camera usage text the seed gives.
    public static let cameraUsageDescription = "This app uses the camera to associate photos with items."
    /// Where the items are archived, relative to the container.
    public static let itemsArchivePath = "Documents/items.plist"

    public static let definition = AppDefinition(
        bundleIdentifier: bundleIdentifier, displayName: "LootLogger",
        usageDescriptions: [.camera: cameraUsageDescription]
    ) { try LootLoggerApp(environment: $0) }
}
