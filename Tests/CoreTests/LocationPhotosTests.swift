import Core
import Foundation
import Testing

@Suite struct LocationPhotosTests {
    @Test func twoNewLocationsWithPhotosGetTwoFilesAndNeitherIsPhotoZero() throws {
        let install = try PhotoInstall()
        let red = PhotoFixtures.picture(red: 250), blue = PhotoFixtures.picture(red: 10, blue: 250)
        let first = try install.photos.save(try install.store.insert(LocationFixtures.details(1)), pickedPhoto: red)
        let second = try install.photos.add(LocationFixtures.details(2), pickedPhoto: blue)
        #expect([first.photoID?.rawValue, second.photoID?.rawValue] == [1, 2])
        #expect(try install.photoFiles() == ["Photo-1.jpg", "Photo-2.jpg"])
        #expect(try install.fileBytes("Photo-1.jpg") == PhotoFixtures.jpeg(red))
        #expect(try install.fileBytes("Photo-2.jpg") == PhotoFixtures.jpeg(blue))
        #expect(try install.store.allLocations().map(\.photoID) == [first.photoID, second.photoID])
        try install.photos.checkInvariants()
    }

    @Test func photosAreJPEGAtQualityFifty() throws {
        let install = try PhotoInstall()
        let picture = PhotoFixtures.picture(red: 128)
        _ = try install.photos.add(LocationFixtures.details(1), pickedPhoto: picture)
        let bytes = try install.fileBytes("Photo-1.jpg")
        #expect(bytes.starts(with: [0xFF, 0xD8]))
        #expect(bytes == (try JPEGEncoder.encode(picture, quality: 50)))
    }

    @Test func newPhotoForALocationWithOneReplacesTheSameFile() throws {
        let install = try PhotoInstall()
        let location = try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        let replacement = PhotoFixtures.picture(red: 200)
        let saved = try install.photos.save(location, pickedPhoto: replacement)
        #expect(saved.photoID == location.photoID)
        #expect(try install.photoFiles() == ["Photo-1.jpg"])
        #expect(try install.fileBytes("Photo-1.jpg") == PhotoFixtures.jpeg(replacement))
        #expect(try install.allocator.lastPhotoID()?.rawValue == 1, "no ID was allocated for the replacement")
    }

    @Test func savingWithoutANewPhotoWritesNoFile() throws {
        let install = try PhotoInstall()
        var location = try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        let writesBefore = install.disk.count(of: .write)
        location.locationDescription = "Only the text changed"
        let saved = try install.photos.save(location, pickedPhoto: nil)
        #expect(install.disk.count(of: .write) == writesBefore, "neither the photo nor the ID counter was written")
        #expect(saved.photoID == location.photoID && saved.version == location.version + 1)
        #expect(try install.store.location(withID: location.id)?.locationDescription == "Only the text changed")
    }

    @Test func addingWithoutAPhotoLeavesThePhotoIDUnset() throws {
        let install = try PhotoInstall()
        let location = try install.photos.add(LocationFixtures.details(1), pickedPhoto: nil)
        #expect(location.photoID == nil)
        #expect(install.disk.count(of: .write) == 0)
        #expect(try install.photoFiles().isEmpty)
    }

    @Test func deletingRemovesThePhotoFile() throws {
        let install = try PhotoInstall()
        let kept = try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        let deleted = try install.photos.add(LocationFixtures.details(2), pickedPhoto: PhotoFixtures.picture(red: 2))
        try install.photos.delete(deleted)
        #expect(try install.photoFiles() == ["Photo-1.jpg"])
        #expect(try install.store.allLocations().map(\.id) == [kept.id])
    }

    /// (has a photo, its file is still there)
    @Test(arguments: [(false, false), (true, false)])
    func deletingWithoutAFileIsFine(hasPhoto: Bool, fileExists: Bool) throws {
        let install = try PhotoInstall()
        let location = try install.photos.add(LocationFixtures.details(1), pickedPhoto: hasPhoto ? PhotoFixtures.picture(red: 1) : nil)
        if let photoID = location.photoID, !fileExists { try install.realDisk.removeItem(at: install.photos.path(for: photoID)) }
        try install.photos.delete(location)
        #expect(try install.store.allLocations().isEmpty)
        #expect(try install.photoFiles().isEmpty)
    }

    @Test func loadingGivesTheImageBack() throws {
        let install = try PhotoInstall()
        let location = try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 200))
        let bitmap = try #require(install.photos.loadPhoto(for: location, decoder: ImageDecoder()).bitmap)
        #expect(bitmap.width == 16 && bitmap.height == 16)
        #expect(abs(Int(bitmap.pixel(x: 8, y: 8).first!) - 200) < 8)
    }

    enum Damage: String, CaseIterable { case none, deleted, garbage, truncated, unreadable }

    @Test(arguments: Damage.allCases)
    func missingOrDamagedPhotoGivesAReasonNotAnError(damage: Damage) throws {
        let install = try PhotoInstall()
        let location = try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 9))
        let path = install.photos.path(for: location.photoID!)
        let jpeg = try install.fileBytes("Photo-1.jpg")
        switch damage {
        case .none: break
        case .deleted: try install.realDisk.removeItem(at: path)
        case .garbage: try install.realDisk.writeAtomically(Data("not a picture".utf8), to: path)
        case .truncated: try install.realDisk.writeAtomically(jpeg.prefix(40), to: path)
        case .unreadable: install.disk.inject(FaultRule(kind: .ioError, operation: .read))
        }
        let result = install.photos.loadPhoto(for: location, decoder: ImageDecoder())
        switch (damage, result.missingReason) {
        case (.none, nil): break
        case (.deleted, .fileMissing(path)?): break
        case (.unreadable, .unreadable(path, .failed(operation: "read", path: path, errno: EIO))?): break
        case (.garbage, .decodeFailed(path, .unsupportedFormat(detected: "text"))?): break
        case (.truncated, .decodeFailed(path, let error)?):
            #expect(error == .truncated(format: "JPEG") || error.description.hasPrefix("corrupt JPEG image: "), "\(error)")
        default: Issue.record("\(damage) gave \(String(describing: result.missingReason))")
        }
    }

    @Test func locationWithoutAPhotoLoadsNoImage() throws {
        let install = try PhotoInstall()
        let location = try install.photos.add(LocationFixtures.details(1), pickedPhoto: nil)
        #expect(install.photos.loadPhoto(for: location, decoder: ImageDecoder()).missingReason == .noPhoto)
    }
}
