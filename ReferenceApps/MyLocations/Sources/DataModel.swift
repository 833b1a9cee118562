import Core
import Foundation

/// The app's data: the locations store, the photos in Documents and the photo ID counter in
/// `UserDefaults.standard`, on the package's Core. Launch arguments (`-picker phpicker`, as
/// Xcode's scheme passes them) choose the variants the scenarios exercise.
final class DataModel {
    let store: LocationStore
    let photos: LocationPhotos
    let options = AppOptions()

    init() throws {
        let fileSystem = POSIXFileSystem()
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        store = try LocationStore.open(containerPath: NSHomeDirectory(), fileSystem: fileSystem,
                                       random: SplitMix64(seed: UInt64.random(in: .min ... .max)))
        store.photoIDDefaultsToZero = options.photoIDDefaultsToZero
        photos = LocationPhotos(store: store, allocator: PhotoIDAllocator(userDefaults: .standard, bundleIdentifier: Bundle.main.bundleIdentifier ?? ""),
                                fileSystem: fileSystem, documentsPath: documents.path)
        // A photo file a crash left without its row is removed at launch; its ID was saved
        // first, so it is never handed out again.
        _ = try? photos.removeOrphanedPhotoFiles()
    }

    deinit { store.close() }

    func allLocations() throws -> [Location] {
        try store.allLocations()
    }

    /// Where a location's photo is, if it has one.
    func photoURL(of location: Location) -> URL? {
        if let photoID = location.photoID { return URL(fileURLWithPath: photos.path(for: photoID)) }
        return options.photoIDDefaultsToZero ? zeroPhotoURL : nil
    }

    /// Saves a new or edited location with the photo picked on the details screen, if any, as
    /// JPEG at quality 0.5.
    func save(_ details: LocationDetails, editing: Location?, photoJPEG: Data?) throws {
        if options.photoIDDefaultsToZero, editing?.photoID == nil {
            try saveWithPhotoZero(details, editing: editing, photoJPEG: photoJPEG)
            return
        }
        if options.photoIDAfterWrite, editing?.photoID == nil, let photoJPEG { try writeBeforeAllocating(photoJPEG) }
        if var location = editing {
            location.details = details
            _ = try photos.save(location, photoJPEG: photoJPEG)
        } else {
            _ = try photos.add(details, photoJPEG: photoJPEG)
        }
    }

    func delete(_ location: Location) throws {
        if options.deleteKeepsFile { return try store.delete(location.id) }
        try photos.delete(location)
        if options.photoIDDefaultsToZero, location.photoID == nil {
            try FileManager.default.removeItem(at: zeroPhotoURL)
        }
    }

    // MARK: - The texts' bugs, kept as variants

    /// `Photo-0.jpg`: where the build whose photo ID defaults to 0 writes every photo.
    private var zeroPhotoURL: URL {
        URL(fileURLWithPath: photos.documentsPath).appendingPathComponent("Photo-0.jpg")
    }

    /// The text's first model: a new location's photo ID defaults to 0, so it counts as having a
    /// photo, never gets an ID from the counter, and every photo overwrites `Photo-0.jpg`.
    private func saveWithPhotoZero(_ details: LocationDetails, editing: Location?, photoJPEG: Data?) throws {
        if var location = editing {
            location.details = details
            _ = try photos.save(location, photoJPEG: nil)
        } else {
            _ = try photos.add(details, photoJPEG: nil)
        }
        if let photoJPEG {
            try FileManager.default.createDirectory(atPath: photos.documentsPath, withIntermediateDirectories: true)
            try photoJPEG.write(to: zeroPhotoURL, options: .atomic)
        }
    }

    /// A planted bug for exploration: the photo is written as `Photo-<next>.jpg` before the
    /// counter is advanced, so a kill between the two leaves a file under an ID handed out again.
    private func writeBeforeAllocating(_ jpeg: Data) throws {
        let next = UserDefaults.standard.integer(forKey: PhotoIDAllocator.preferenceKey) + 1
        try FileManager.default.createDirectory(atPath: photos.documentsPath, withIntermediateDirectories: true)
        try jpeg.write(to: URL(fileURLWithPath: photos.documentsPath).appendingPathComponent("Photo-\(next).jpg"), options: .atomic)
    }
}

/// The variants, from the launch arguments (UserDefaults' argument domain).
struct AppOptions {
    private static func flag(_ key: String) -> Bool { UserDefaults.standard.string(forKey: key) == "true" }

    /// The details screen's background observer captures it strongly: the text's leak.
    let strongObserver = flag("strongObserver")
    /// A new location's photo ID defaults to 0: every photo overwrites `Photo-0.jpg`.
    let photoIDDefaultsToZero = UserDefaults.standard.string(forKey: "photoIDDefault") == "0"
    /// List thumbnails fill their square instead of fitting in it.
    let thumbnailsFill = UserDefaults.standard.string(forKey: "thumbnailMode") == "fill"
    /// Choose From Library presents PHPicker instead of the image picker.
    let usesPhotoPicker = UserDefaults.standard.string(forKey: "picker") == "phpicker"
    /// Planted: a swipe-delete removes the row and leaves the photo file.
    let deleteKeepsFile = flag("deleteKeepsFile")
    /// Planted: a new photo's file is written before its ID is allocated.
    let photoIDAfterWrite = flag("photoIDAfterWrite")
}
