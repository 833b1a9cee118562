import Core
import Foundation
import PhotoSimTesting

/// One app install: a container on disk, and the objects a launch of the app builds on it.
/// ``restart()`` throws the objects away and builds new ones, as a relaunch after a crash does.
final class PhotoInstall {
    static let bundleIdentifier = "com.example.PhotoTagger"

    let container: TemporaryFolder
    let realDisk = POSIXFileSystem()
    private(set) var disk: FaultInjectingFileSystem
    private(set) var store: LocationStore
    private(set) var allocator: PhotoIDAllocator
    private(set) var photos: LocationPhotos

    init() throws {
        container = try TemporaryFolder(prefix: "photosim-core-")
        try realDisk.createDirectory(at: LocationStore.path(containerPath: container.path).deletingLastPathComponent)
        (disk, store, allocator, photos) = try Self.launch(container.path, realDisk)
    }

    func restart() throws {
        store.close()
        (disk, store, allocator, photos) = try Self.launch(container.path, realDisk)
    }

    private static func launch(_ container: String, _ realDisk: FileSystem) throws
        -> (FaultInjectingFileSystem, LocationStore, PhotoIDAllocator, LocationPhotos) {
        let disk = FaultInjectingFileSystem(wrapping: realDisk)
        let store = try LocationStore(path: LocationStore.path(containerPath: container), random: SplitMix64(seed: 5))
        let preferences = try Preferences(containerPath: container, bundleIdentifier: bundleIdentifier, fileSystem: disk)
        let allocator = PhotoIDAllocator(preferences: preferences)
        let photos = LocationPhotos(store: store, allocator: allocator, fileSystem: disk,
                                    documentsPath: LocationPhotos.documentsPath(containerPath: container))
        return (disk, store, allocator, photos)
    }

    var documentsPath: String { photos.documentsPath }

    /// The photo files in Documents, sorted (straight from the disk).
    func photoFiles() throws -> [String] {
        guard realDisk.fileExists(at: documentsPath) else { return [] }
        return try realDisk.contentsOfDirectory(at: documentsPath)
    }

    func fileBytes(_ name: String) throws -> Data {
        try realDisk.contents(of: documentsPath.appendingPathComponent(name))
    }
}

enum PhotoFixtures {
    /// A small picture filled with one colour, so decoded photos can be told apart.
    static func picture(red: UInt8, green: UInt8 = 64, blue: UInt8 = 32) -> Bitmap {
        Bitmap(width: 16, height: 16, format: .rgb, pixels: [UInt8]((0..<256).flatMap { _ in [red, green, blue] }))
    }

    static func jpeg(_ picture: Bitmap) throws -> Data {
        try JPEGEncoder.encode(picture, quality: LocationPhotos.jpegQuality)
    }
}
