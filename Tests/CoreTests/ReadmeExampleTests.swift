import Core
import Foundation
import PhotoSimTesting
import Testing

/// The README's examples, run as written (with the pictures and folders they assume made here).
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleWorks() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let container = folder.path
        let disk = POSIXFileSystem()
        try disk.writeAtomically(TestImages.jpeg(TestImages.gradient(width: 640, height: 480)), to: folder.appending("beach.jpg"))
        let details = LocationDetails(latitude: 43.2, longitude: -4.8, date: Date(timeIntervalSince1970: 1_700_000_000),
                                      locationDescription: "Beach", category: "Beach", placemark: nil)

        let store = try LocationStore.open(containerPath: container, fileSystem: disk, random: SplitMix64(seed: 1))
        let preferences = try Preferences(containerPath: container, bundleIdentifier: "com.example.Tagger", fileSystem: disk)
        let photos = LocationPhotos(store: store, allocator: PhotoIDAllocator(preferences: preferences),
                                    fileSystem: disk, documentsPath: container + "/Documents")
        let picked = try ImageDecoder().decode(try disk.contents(of: folder.appending("beach.jpg")))
        let location = try photos.add(details, pickedPhoto: picked)
        let cell = try Thumbnailer().thumbnail(of: try disk.contents(of: folder.appending("beach.jpg")),
                                               size: ThumbnailSize(points: 52, scale: 3), mode: .aspectFit)

        #expect(location.photoID?.rawValue == 1)
        #expect(disk.fileExists(at: container + "/Documents/Photo-1.jpg"))
        #expect(cell.width == 156 && cell.height == 117)
    }

    @Test func theReadmeFaultInjectionExampleWorks() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let container = folder.path
        let store = try LocationStore.open(containerPath: container, fileSystem: POSIXFileSystem(), random: SplitMix64(seed: 1))
        let preferences = try Preferences(containerPath: container, bundleIdentifier: "com.example.Tagger", fileSystem: POSIXFileSystem())
        let allocator = PhotoIDAllocator(preferences: preferences)
        let documents = container + "/Documents"
        let details = LocationFixtures.details(1)
        let (beach, sunset) = (PhotoFixtures.picture(red: 10), PhotoFixtures.picture(red: 200))
        let beachJPEG = try PhotoFixtures.jpeg(beach)

        let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
        let photos = LocationPhotos(store: store, allocator: allocator, fileSystem: disk, documentsPath: documents)
        let location = try photos.add(details, pickedPhoto: beach)
        disk.inject(FaultRule(kind: .diskFull, operation: .write, pathPattern: "*/Documents/*"))
        #expect(throws: LocationPhotosError.self) { try photos.save(location, pickedPhoto: sunset) }
        #expect(try disk.contents(of: photos.path(for: location.photoID!)) == beachJPEG)
    }
}
