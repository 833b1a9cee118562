import Core
import Foundation
import PhotoSimTesting
import Testing

/// Disk full, I/O errors and crashes at each step of saving a photo.
@Suite struct LocationPhotosFailureTests {
    @Test func diskFullOnThePhotoLeavesTheRowAloneAndSkipsTheID() throws {
        let install = try PhotoInstall()
        let location = try install.store.insert(LocationFixtures.details(1))
        install.disk.inject(FaultRule(kind: .diskFull, operation: .write, pathPattern: "*/Documents/*"))
        let path = install.photos.path(for: PhotoID(rawValue: 1)!)
        #expect(throws: LocationPhotosError.photoNotWritten(path: path, .noSpace(path: path))) {
            try install.photos.save(location, pickedPhoto: PhotoFixtures.picture(red: 1))
        }
        #expect(try install.store.location(withID: location.id) == location, "not pointed at a missing file")
        #expect(try install.photoFiles().isEmpty)

        let retried = try install.photos.save(location, pickedPhoto: PhotoFixtures.picture(red: 1))
        #expect(retried.photoID?.rawValue == 2, "ID 1 was allocated before the failure and is not reused")
        #expect(try install.photoFiles() == ["Photo-2.jpg"])
        try install.photos.checkInvariants()
    }

    /// The photo's file was renamed into place but the folder's fsync failed: the save failed,
    /// so the new file, which no row names, goes with it (found by exploring the app process).
    @Test(arguments: [true, false])
    func aNewPhotoWhoseFolderSyncFailedLeavesNoFile(adding: Bool) throws {
        let install = try PhotoInstall()
        let location = try install.store.insert(LocationFixtures.details(1))
        install.disk.injectAfterTheCall(FaultRule(kind: .fsyncFailure, operation: .sync, pathPattern: "*/Documents/*"))
        #expect(throws: LocationPhotosError.self) {
            if adding {
                _ = try install.photos.add(LocationFixtures.details(2), pickedPhoto: PhotoFixtures.picture(red: 1))
            } else {
                _ = try install.photos.save(location, pickedPhoto: PhotoFixtures.picture(red: 1))
            }
        }
        #expect(try install.photoFiles().isEmpty)
        #expect(try install.store.allLocations() == [location], "nothing saved")
        try install.photos.checkInvariants()
    }

    @Test func diskFullWhenReplacingKeepsTheOldPhoto() throws {
        let install = try PhotoInstall()
        let old = PhotoFixtures.picture(red: 1)
        let location = try install.photos.add(LocationFixtures.details(1), pickedPhoto: old)
        install.disk.inject(FaultRule(kind: .diskFull, operation: .write))
        #expect(throws: LocationPhotosError.self) { try install.photos.save(location, pickedPhoto: PhotoFixtures.picture(red: 99)) }
        #expect(try install.fileBytes("Photo-1.jpg") == PhotoFixtures.jpeg(old))
        #expect(try install.store.location(withID: location.id) == location)
    }

    @Test func diskFullOnTheCounterSavesNothing() throws {
        let install = try PhotoInstall()
        install.disk.inject(FaultRule(kind: .diskFull, operation: .write, pathPattern: "*/Preferences/*"))
        #expect {
            try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        } throws: { error in
            guard case LocationPhotosError.photoIDUnavailable(.writeFailed(_, .noSpace)) = error else { return false }
            return true
        }
        #expect(try install.store.allLocations().isEmpty)
        #expect(try install.photoFiles().isEmpty)
    }

    /// Where the process dies while a new location with a photo is saved, and what the next
    /// launch must find: the photo files on disk, and the ID the next photo gets.
    @Test(arguments: [
        ("counter save, before it reached the disk", FaultInjectingFileSystem.CrashMoment.before, "/Preferences/", [String](), 1),
        ("counter save, after it reached the disk", .after, "/Preferences/", [], 2),
        ("photo write, after the ID was saved", .before, "/Documents/", [], 2),
        ("photo write, after the file reached the disk", .after, "/Documents/", ["Photo-1.jpg"], 2),
    ])
    func crashWhileSavingNeverReusesAnIDOrPointsAtAMissingFile(
        _ moment: String, crash: FaultInjectingFileSystem.CrashMoment, onPath fragment: String, orphans: [String], nextID: Int
    ) throws {
        let install = try PhotoInstall()
        install.disk.crash(crash, on: .write, pathPattern: "*\(fragment)*")
        #expect(throws: LocationPhotosError.self) {
            try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        }
        #expect(install.disk.hasCrashed)

        try install.restart()
        #expect(try install.store.allLocations().isEmpty, "the row was never committed")
        #expect(try install.photos.orphanedPhotoFileNames() == orphans)
        let saved = try install.photos.add(LocationFixtures.details(2), pickedPhoto: PhotoFixtures.picture(red: 2))
        #expect(saved.photoID?.rawValue == nextID)
        try install.photos.checkInvariants()
    }

    @Test func rowThatCannotBeSavedTakesItsNewFileWithIt() throws {
        let install = try PhotoInstall()
        try SQLiteDatabase(path: install.store.path).execute("""
            CREATE TRIGGER refuse BEFORE INSERT ON ZLOCATION BEGIN SELECT RAISE(ABORT, 'refused by test'); END
            """)
        #expect {
            try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        } throws: { error in
            guard case LocationPhotosError.store(.sqlite) = error else { return false }
            return true
        }
        #expect(try install.photoFiles().isEmpty, "no orphan left behind")
        #expect(try install.allocator.lastPhotoID()?.rawValue == 1, "the ID stays used")
    }

    @Test func staleLocationIsRefusedBeforeAnythingIsWritten() throws {
        let install = try PhotoInstall()
        let stale = try install.store.insert(LocationFixtures.details(1))
        _ = try install.store.update(stale)
        #expect(throws: LocationPhotosError.store(.conflict(stale.id, expectedVersion: 1, storedVersion: 2))) {
            try install.photos.save(stale, pickedPhoto: PhotoFixtures.picture(red: 1))
        }
        #expect(install.disk.count(of: .write) == 0, "no ID allocated, no file written")
    }

    @Test func photoThatCannotBeRemovedIsReportedAfterTheRowIsGone() throws {
        let install = try PhotoInstall()
        let location = try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        install.disk.inject(FaultRule(kind: .ioError, operation: .remove))
        let path = install.photos.path(for: location.photoID!)
        #expect(throws: LocationPhotosError.photoNotRemoved(path: path, .failed(operation: "remove", path: path, errno: EIO))) {
            try install.photos.delete(location)
        }
        #expect(try install.store.allLocations().isEmpty)
        #expect(try install.photos.orphanedPhotoFileNames() == ["Photo-1.jpg"])

        let kept = try install.photos.add(LocationFixtures.details(2), pickedPhoto: PhotoFixtures.picture(red: 2))
        #expect(try install.photos.removeOrphanedPhotoFiles() == ["Photo-1.jpg"])
        #expect(!install.realDisk.fileExists(at: path))
        #expect(install.realDisk.fileExists(at: install.photos.path(for: kept.photoID!)), "a named photo stays")
        #expect(try install.photos.orphanedPhotoFileNames().isEmpty)
    }

    @Test func deletingAMissingLocationKeepsItsFile() throws {
        let install = try PhotoInstall()
        let location = try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        try install.store.delete(location.id)
        #expect(throws: LocationPhotosError.store(.notFound(location.id))) { try install.photos.delete(location) }
        #expect(try install.photoFiles() == ["Photo-1.jpg"])
    }

    @Test func counterBehindTheRowsIsAnInvariantViolation() throws {
        let install = try PhotoInstall()
        _ = try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        let preferences = try Preferences(containerPath: install.container.path, bundleIdentifier: PhotoInstall.bundleIdentifier,
                                          fileSystem: install.realDisk)
        try preferences.set(nil, forKey: PhotoIDAllocator.preferenceKey)
        try install.restart()
        #expect(try install.photos.invariantViolations() == ["the photo ID counter (unset) is below photo ID 1, which a location uses"])
    }

    @Test func orphanListIgnoresOtherFiles() throws {
        let install = try PhotoInstall()
        try install.realDisk.createDirectory(at: install.documentsPath)
        for name in ["Photo-0.jpg", "Photo-07.jpg", "notes.txt", "Photo-3.jpg"] {
            try install.realDisk.writeAtomically(Data(), to: install.documentsPath.appendingPathComponent(name))
        }
        #expect(try install.photos.orphanedPhotoFileNames() == ["Photo-3.jpg"])
    }
}

