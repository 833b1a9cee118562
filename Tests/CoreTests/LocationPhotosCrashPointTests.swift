import Core
import Foundation
import PhotoSimTesting
import Testing

/// Core's named crash points: what a crash at each leaves, and what the launch sweep makes of it.
@Suite struct LocationPhotosCrashPointTests {
    @Test func aCrashBeforeThePhotosRenameLeavesATemporaryFileTheSweepRemoves() throws {
        let install = try PhotoInstall()
        install.disk.crash(at: .photosSaveBeforeRename)
        #expect(throws: LocationPhotosError.self) {
            try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        }
        #expect(try install.photoFiles() == [".Photo-1.jpg.Crash0"])
        try install.restart()
        #expect(try install.photos.removeOrphanedPhotoFiles() == [".Photo-1.jpg.Crash0"])
        #expect(try install.store.allLocations().isEmpty)
    }

    @Test(arguments: [CrashPoint.photosOverwriteAfterStagedWrite, .photosOverwriteAfterCommit])
    func anOverwriteCrashedBeforeItsFileIsReplacedKeepsTheOldPhoto(point: CrashPoint) throws {
        let install = try PhotoInstall()
        let old = PhotoFixtures.picture(red: 1)
        let location = try install.photos.add(LocationFixtures.details(1), pickedPhoto: old)
        install.disk.crash(at: point)
        #expect(throws: LocationPhotosError.self) { try install.photos.save(location, pickedPhoto: PhotoFixtures.picture(red: 99)) }
        #expect(try install.fileBytes("Photo-1.jpg") == PhotoFixtures.jpeg(old))
        #expect(try install.photoFiles() == [".Photo-1.jpg.staged", "Photo-1.jpg"])
        try install.restart()
        #expect(try install.photos.removeOrphanedPhotoFiles() == [".Photo-1.jpg.staged"])
        #expect(try install.fileBytes("Photo-1.jpg") == PhotoFixtures.jpeg(old))
        try install.photos.checkInvariants()
    }

    @Test func aSaveReachesItsCrashPointsInOrder() throws {
        let install = try PhotoInstall()
        _ = try install.photos.add(LocationFixtures.details(1), pickedPhoto: PhotoFixtures.picture(red: 1))
        #expect(install.disk.reachedCrashPoints == [
            .preferencesWriteBeforeRename, .preferencesWriteAfterWrite, .photosSaveAfterPhotoID,
            .photosSaveBeforeRename, .photosSaveAfterFileWrite, .photosSaveAfterCommit,
        ])
    }

    @Test func aPlainFileSystemDoesNothingAtACrashPointAndUsesSQLitesDefaultVFS() throws {
        let disk = POSIXFileSystem()
        for point in CrashPoint.all { try disk.reach(point) }
        #expect(disk.sqliteVFSName == nil)
        #expect(CrashPoint.named("photos.save.afterFileWrite") == .photosSaveAfterFileWrite)
        #expect(CrashPoint.named("photos.save.afterFileWrit") == nil)
    }
}
