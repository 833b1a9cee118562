@testable import Core
import Foundation
import PhotoSimTesting
import Testing

/// Several app instances on one container, each with its own store connection (a relaunch while
/// the old instance is still referenced, an extension): IDs, saves and the orphan sweep.
@Suite struct LocationPhotosConnectionsTests {
    static let bundleIdentifier = "com.example.PhotoTagger"

    /// One launch of the app on `container`: its own store connection, preferences and photos.
    private func launch(_ container: TemporaryFolder, _ fileSystem: FileSystem) throws -> LocationPhotos {
        let store = try LocationStore.open(containerPath: container.path, fileSystem: fileSystem, random: SplitMix64(seed: 5))
        let preferences = try Preferences(containerPath: container.path, bundleIdentifier: Self.bundleIdentifier,
                                          fileSystem: fileSystem)
        return LocationPhotos(store: store, allocator: PhotoIDAllocator(preferences: preferences), fileSystem: fileSystem,
                              documentsPath: LocationPhotos.documentsPath(containerPath: container.path))
    }

    @Test func twoInstancesAddingInTurnGiveEveryPhotoItsOwnIDAndFile() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let instances = [try launch(container, POSIXFileSystem()), try launch(container, POSIXFileSystem())]
        var added: [Location] = []
        for (number, instance) in [0, 1, 1, 0, 1].enumerated() {
            added.append(try instances[instance].add(LocationFixtures.details(number), pickedPhoto: PhotoFixtures.picture(red: UInt8(number * 40))))
        }
        #expect(added.map { $0.photoID?.rawValue } == [1, 2, 3, 4, 5])
        for (number, location) in added.enumerated() {
            let bytes = try POSIXFileSystem().contents(of: instances[0].path(for: try #require(location.photoID)))
            #expect(bytes == (try PhotoFixtures.jpeg(PhotoFixtures.picture(red: UInt8(number * 40)))), "photo \(number) kept")
        }
        try instances[0].checkInvariants()
        try instances[1].checkInvariants()
    }

    /// Connection A has written `Photo-1.jpg` and not yet committed its row when connection B
    /// sweeps. B must not take the file: it finds A's write lock taken and gives up busy at once.
    @Test func aSweepWhileAnotherConnectionAddsLeavesItsPhoto() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let disk = InterleavingFileSystem()
        let first = try launch(container, disk)
        let second = try launch(container, POSIXFileSystem())
        var sweep: Result<[String], LocationPhotosError>?
        disk.afterWrite(toPathEndingWith: "/Photo-1.jpg") {
            sweep = Result { () throws(LocationPhotosError) in try second.removeOrphanedPhotoFiles() }
        }

        let location = try first.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))

        #expect(!disk.isWaiting, "the sweep ran between the file and the commit")
        switch sweep {
        case .failure(let error)?:
            guard case .sweepNotRun(.sqlite(let cause)) = error, cause.isBusy else { Issue.record("\(error)"); break }
            #expect(error.description.contains("nothing was removed"), "\(error)")
            #expect(error.description.contains("another connection is saving; try again later"), "\(error)")
        default: Issue.record("the sweep should have found the write lock taken, got \(String(describing: sweep))")
        }
        let path = first.path(for: try #require(location.photoID))
        #expect(disk.fileExists(at: path), "the photo whose row committed is still there")
        #expect(try second.store.allLocations().map(\.photoID) == [location.photoID])
        #expect(try second.removeOrphanedPhotoFiles() == [], "after the commit the sweep sees the row")
        #expect(disk.fileExists(at: path))
        try first.checkInvariants()
    }

    /// The same moment for a replaced photo: the new photo is staged under the write lock
    /// (`.Photo-1.jpg.staged`), and a sweep then neither removes it nor the photo it replaces.
    @Test func aSweepWhileAnotherConnectionReplacesAPhotoLeavesIt() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let disk = InterleavingFileSystem()
        let first = try launch(container, disk)
        let second = try launch(container, POSIXFileSystem())
        let location = try first.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        var sweep: Result<[String], LocationPhotosError>?
        disk.afterWrite(toPathEndingWith: "/.Photo-1.jpg.staged") {
            sweep = Result { () throws(LocationPhotosError) in try second.removeOrphanedPhotoFiles() }
        }

        let replacement = PhotoFixtures.picture(red: 200)
        _ = try first.save(location, pickedPhoto: replacement)

        guard case .failure(.sweepNotRun(.sqlite(let cause)))? = sweep, cause.isBusy else {
            Issue.record("the sweep should have found the write lock taken, got \(String(describing: sweep))")
            return
        }
        #expect(try disk.contents(of: first.path(for: location.photoID!)) == PhotoFixtures.jpeg(replacement))
    }

    /// What the sweep removes: `Photo-<id>.jpg` files no row names and the temporary files a
    /// crashed atomic write of one left (`.Photo-<id>.jpg.XXXXXX`); nothing else.
    @Test func theSweepRemovesOnlyUnnamedPhotoFilesAndTheirTemporaryFiles() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let disk = POSIXFileSystem()
        let photos = try launch(container, disk)
        let kept = try photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        let documents = photos.documentsPath
        let strangers = ["Photo-0.jpg", "Photo-07.jpg", "Photo-3.jpeg", "photo-3.jpg", "notes.txt", ".notes.txt.Ab12Cd",
                         ".Photo-3.jpg", ".Photo-3.jpg.Ab12C", ".Photo-3.jpg.Ab12C!", "Photo-3.jpg.Ab12Cd", ".Photo-0.jpg.Ab12Cd"]
        let orphans = [".Photo-1.jpg.x9Y8z7", ".Photo-3.jpg.Ab12Cd", "Photo-3.jpg"]
        for name in strangers + orphans {
            try disk.writeAtomically(Data(name.utf8), to: documents.appendingPathComponent(name))
        }
        try disk.createDirectory(at: documents.appendingPathComponent("Photo-9.jpg"))
        try disk.writeAtomically(Data("inside".utf8), to: documents.appendingPathComponent("Photo-9.jpg/keep.txt"))

        #expect(try photos.orphanedPhotoFileNames() == orphans)
        #expect(try photos.removeOrphanedPhotoFiles() == orphans)

        let left = try disk.contentsOfDirectory(at: documents)
        #expect(left == (strangers + [kept.photoID!.fileName, "Photo-9.jpg"]).sorted())
        #expect(try disk.contents(of: documents.appendingPathComponent("Photo-9.jpg/keep.txt")) == Data("inside".utf8))
        #expect(try photos.removeOrphanedPhotoFiles() == [], "a second sweep finds nothing")
    }
}

/// An app that encodes its photo itself (UIKit's `jpegData(compressionQuality: 0.5)`) hands
/// Core the bytes: they are what is written, under a new ID, and replaced under the same one.
@Suite struct LocationPhotosAppEncodedTests {
    @Test func theAppsJPEGIsWrittenAsItIsAndReplacedUnderItsID() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let disk = POSIXFileSystem()
        let store = try LocationStore.open(containerPath: container.path, fileSystem: disk, random: SplitMix64(seed: 5))
        defer { store.close() }
        let preferences = try Preferences(containerPath: container.path, bundleIdentifier: "a.b", fileSystem: disk)
        let photos = LocationPhotos(store: store, allocator: PhotoIDAllocator(preferences: preferences), fileSystem: disk,
                                    documentsPath: LocationPhotos.documentsPath(containerPath: container.path))
        let details = LocationDetails(latitude: 43.2, longitude: -4.8, date: Date(timeIntervalSince1970: 1_700_000_000),
                                      locationDescription: "Picos", category: "Landmark")
        let first = Data([0xFF, 0xD8, 0xFF, 0xD9, 1]), second = Data([0xFF, 0xD8, 0xFF, 0xD9, 2])
        let added = try photos.add(details, photoJPEG: first)
        #expect(added.photoID?.rawValue == 1)
        #expect(try disk.contents(of: photos.path(for: try #require(added.photoID))) == first)
        let replaced = try photos.save(added, photoJPEG: second)
        #expect(replaced.photoID == added.photoID, "a location that had a photo keeps its ID")
        #expect(try disk.contents(of: photos.path(for: try #require(added.photoID))) == second)
        let kept = try photos.save(replaced, photoJPEG: nil)
        #expect(try disk.contents(of: photos.path(for: try #require(kept.photoID))) == second, "no photo: the file is not written")
        #expect(try disk.contentsOfDirectory(at: photos.documentsPath).sorted() == ["Photo-1.jpg"], "no staged or temporary file is left")
    }
}
