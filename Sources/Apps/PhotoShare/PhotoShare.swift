import Core
import Platform

/// The PhotoShare app (seed 003): a grid of every photo in the library (thumbnails requested from
/// Photos, degraded first, then final), a full-size view that tweets the photo through the social
/// compose sheet, and the list of photos shared or cancelled, kept by `localIdentifier` across
/// launches. A photo deleted from the library is shown as gone, never a crash.
public enum PhotoShare {
    public static let bundleIdentifier: BundleIdentifier = "com.photosim.PhotoShare"
    /// The Info.plist text for `NSPhotoLibraryUsageDescription`.
    public static let usageDescription = "PhotoShare shows your photos so you can share them."

    public static let definition = AppDefinition(
        bundleIdentifier: bundleIdentifier, displayName: "PhotoShare",
        usageDescriptions: [.photoLibrary: usageDescription]
    ) { PhotoShareApp(environment: $0) }
}

/// The app delegate: opens the shared-photos log and shows the browser.
final class PhotoShareApp: Application {
    let environment: AppEnvironment
    /// The photos shared or cancelled, by `localIdentifier`; nil when it cannot be opened.
    let log: AssetReferenceLog?
    /// Why the log could not be opened, for the browser to show.
    let logError: String?

    init(environment: AppEnvironment) {
        self.environment = environment
        let path = AssetReferenceLog.path(containerPath: environment.containerPath)
        do {
            try environment.fileSystem.createDirectory(at: path.deletingLastPathComponent)
            log = try AssetReferenceLog(path: path, clock: environment.clock, fileSystem: environment.fileSystem)
            logError = nil
        } catch {
            log = nil
            logError = "Shared photos cannot be listed: \(error)"
        }
    }

    deinit { log?.close() }

    func didFinishLaunching() throws -> WindowContent {
        .navigation(root: PhotoBrowserScreen(app: self))
    }

    /// Records what the user did with `asset` in the compose sheet, as the seed does: raw value 0
    /// is "Cancelled", anything else was posted ("Tweeted").
    func record(_ result: ComposeResult, for asset: PhotoAsset) throws {
        guard let log, let identifier = AssetIdentifier(rawValue: asset.localIdentifier) else { return }
        try log.record(result.rawValue == 0 ? .cancelled : .shared, for: identifier)
    }

    /// The log's entries with their assets, in the order recorded; entries whose photo is gone
    /// have no asset.
    func sharedPhotos() throws -> [(reference: AssetReference, asset: PhotoAsset?)] {
        guard let log else { return [] }
        let lookup = LibraryAssetLookup(library: environment.photoLibrary)
        let resolution = try log.resolve(with: lookup)
        var entries = resolution.resolved.map { ($0.reference, lookup.asset(for: $0.asset.identifier)) }
        entries += resolution.missing.map { ($0, nil) }
        return entries.sorted { $0.0.sequence < $1.0.sequence }
    }

    /// How the list names an action: the seed's words.
    static func title(of action: AssetAction) -> String {
        action == .shared ? "Tweeted" : "Cancelled"
    }
}
