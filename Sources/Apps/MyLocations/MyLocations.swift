import Core
import Platform

/// The MyLocations app (seed 000): tag where you are, add a photo, list your locations.
///
/// Launch arguments choose the seed's variants (SCENARIOS.md): `strongObserver: true` (the
/// details screen's background observer captures it strongly: the leak), `photoIDDefault: 0`
/// (a new location's photo ID defaults to 0: every photo overwrites `Photo-0.jpg`),
/// `thumbnailMode: fill` (list thumbnails aspect-fill), `picker: phpicker` (Choose From Library
/// presents PHPicker). Bugs planted to show that exploration finds them (docs/explore.md):
/// `deleteKeepsFile: true` (a swipe-delete removes the row but not the photo file),
/// `photoIDAfterWrite: true` (a new photo's file is written before its ID is allocated).
public enum MyLocations {
    public static let bundleIdentifier: BundleIdentifier = "com.photosim.MyLocations"
    /// The usage text the seed gives both keys.
    public static let usageDescription = "Add photos to your locations."

    public static let definition = AppDefinition(
        bundleIdentifier: bundleIdentifier, displayName: "MyLocations",
        usageDescriptions: [.camera: usageDescription, .photoLibrary: usageDescription],
        checkers: [MyLocationsCheckers.photoFiles, MyLocationsCheckers.photoIDs]
    ) { try MyLocationsApp(environment: $0) }
}

/// The seed's launch-argument variants.
struct MyLocationsOptions {
    var strongObserver = false
    var photoIDDefaultsToZero = false
    var thumbnailMode = ThumbnailMode.aspectFit
    var usesPhotoPicker = false
    /// Planted bug: delete removes the row and leaves the photo file.
    var deleteKeepsFile = false
    /// Planted bug: a new photo's file is written before its ID is allocated and saved.
    var photoIDAfterWrite = false

    init(arguments: [String: String]) {
        strongObserver = arguments["strongObserver"] == "true"
        photoIDDefaultsToZero = arguments["photoIDDefault"] == "0"
        thumbnailMode = arguments["thumbnailMode"] == "fill" ? .aspectFill : .aspectFit
        usesPhotoPicker = arguments["picker"] == "phpicker"
        deleteKeepsFile = arguments["deleteKeepsFile"] == "true"
        photoIDAfterWrite = arguments["photoIDAfterWrite"] == "true"
    }
}

/// The app delegate: opens the store and preferences, shows the Tag and Locations tabs.
final class MyLocationsApp: Application {
    let environment: AppEnvironment
    let options: MyLocationsOptions
    let store: LocationStore
    let photos: LocationPhotos

    init(environment: AppEnvironment) throws {
        self.environment = environment
        options = MyLocationsOptions(arguments: environment.launchArguments)
        do {
            store = try LocationStore.open(containerPath: environment.containerPath, fileSystem: environment.fileSystem,
                                           random: environment.random)
            store.photoIDDefaultsToZero = options.photoIDDefaultsToZero
            let preferences = try Preferences(containerPath: environment.containerPath,
                                              bundleIdentifier: environment.bundleIdentifier,
                                              fileSystem: environment.fileSystem)
            photos = LocationPhotos(store: store, allocator: PhotoIDAllocator(preferences: preferences),
                                    fileSystem: environment.fileSystem,
                                    documentsPath: LocationPhotos.documentsPath(containerPath: environment.containerPath))
        } catch {
            throw environment.crash(reason: "cannot open the app's data: \(error)")
        }
        // Launch recovery: a photo file (or a temporary or staged one) a crash left without a
        // committed row is removed; its ID was saved first, so it is never handed out again.
        _ = try? photos.removeOrphanedPhotoFiles()
        environment.trackLifetime(store, kind: "store")
    }

    deinit { store.close() }

    func didFinishLaunching() throws -> WindowContent {
        .tabs([
            Tab(title: "Tag", root: CurrentLocationScreen(app: self)),
            Tab(title: "Locations", root: LocationsScreen(app: self)),
        ])
    }

    /// `Photo-0.jpg`: where the photoIDDefault-0 build writes every photo.
    var zeroPhotoPath: String {
        photos.documentsPath.appendingPathComponent("Photo-0.jpg")
    }
}
