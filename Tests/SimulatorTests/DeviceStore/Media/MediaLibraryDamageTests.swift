import Core
import Foundation
import PhotoSimTesting
@testable import AppRuntime
@testable import DeviceStore
@testable import SimctlPresentation
import Testing

/// A damaged library is refused with its path, and no command (least of all a reading one)
/// deletes, overwrites or follows a link out of the Media folder.
@Suite struct MediaLibraryDamageTests {
    /// Ways the database can be lost while the photos stay.
    enum DatabaseDamage: String, CaseIterable, CustomTestStringConvertible {
        case missing, emptyFile, noTables
        var testDescription: String { rawValue }
    }

    /// A library with two photos whose database is then damaged.
    func damagedLibrary(_ damage: DatabaseDamage) throws -> MediaSandbox {
        let sandbox = try MediaSandbox()
        _ = try sandbox.open().add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8)),
                                    MediaSource(path: "b.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        let database = sandbox.mediaFolder + "/PhotoData/Photos.sqlite"
        for suffix in ["", "-wal", "-shm"] { try sandbox.fileSystem.removeItem(at: database + suffix) }
        switch damage {
        case .missing: break
        case .emptyFile: try sandbox.fileSystem.writeAtomically(Data(), to: database)
        case .noTables:
            let empty = try SQLiteDatabase(path: database)
            try empty.execute("PRAGMA journal_mode=DELETE")
            empty.close()
        }
        return sandbox
    }

    @Test(arguments: DatabaseDamage.allCases, [MediaLibrary.Access.readOnly, .readWrite, .create])
    func aLostDatabaseIsDamageAndNoPhotoIsDeleted(damage: DatabaseDamage, access: MediaLibrary.Access) throws {
        let sandbox = try damagedLibrary(damage)
        #expect {
            try MediaLibrary(mediaFolder: sandbox.mediaFolder, fileSystem: sandbox.fileSystem, clock: sandbox.clock,
                             random: SplitMix64(seed: 1), access: access)
        } throws: { error in
            guard case MediaLibraryError.damagedLibrary(let path, _) = error else { return false }
            let simctl = SimctlError.media(error as! MediaLibraryError)
            return path.hasSuffix("PhotoData/Photos.sqlite") && simctl.exitCode == 74
                && simctl.description.contains("simctl erase") && simctl.description.contains(path)
        }
        #expect(try sandbox.cameraRollFiles() == ["IMG_0001.JPG", "IMG_0002.JPG"])
    }

    @Test(arguments: ["DCIM/100APPLE", "PhotoData", "DCIM"])
    func aSymbolicLinkInTheLayoutIsDamageAndNothingOutsideIsTouched(linkedFolder: String) throws {
        let sandbox = try MediaSandbox()
        _ = try sandbox.open().add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        let outside = sandbox.folder + "/outside"
        try sandbox.fileSystem.createDirectory(at: outside)
        try sandbox.fileSystem.writeAtomically(Data("keep me".utf8), to: outside + "/IMG_0001.JPG")
        try sandbox.fileSystem.writeAtomically(Data("keep me too".utf8), to: outside + "/notes.txt")
        let linked = sandbox.mediaFolder + "/" + linkedFolder
        try sandbox.fileSystem.removeItem(at: linked)
        #expect(symlink(outside, linked) == 0)

        for access in [MediaLibrary.Access.readOnly, .readWrite, .create] {
            #expect(throws: MediaLibraryError.damagedLibrary(
                path: linked, reason: "is a symbolic link, which PhotoSim does not follow, where the library keeps a folder")) {
                try MediaLibrary(mediaFolder: sandbox.mediaFolder, fileSystem: sandbox.fileSystem, clock: sandbox.clock,
                                 random: SplitMix64(seed: 1), access: access)
            }
        }
        #expect(try sandbox.fileSystem.contentsOfDirectory(at: outside) == ["IMG_0001.JPG", "notes.txt"])
        #expect(try sandbox.fileSystem.contents(of: outside + "/IMG_0001.JPG") == Data("keep me".utf8))
    }

    @Test func aReadingOpenChangesNothingThroughTheFileSystem() throws {
        let sandbox = try MediaSandbox()
        let added = try sandbox.open().add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        try sandbox.fileSystem.writeAtomically(Data("stray".utf8), to: sandbox.mediaFolder + "/DCIM/100APPLE/notes.txt")
        let spy = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        let reader = try MediaLibrary(mediaFolder: sandbox.mediaFolder, fileSystem: spy, clock: sandbox.clock,
                                      random: SplitMix64(seed: 1), access: .readOnly)
        #expect(try reader.assets() == added)
        for operation in [FaultOperation.write, .sync, .remove, .rename, .createDirectory] {
            #expect(spy.count(of: operation) == 0, "a reading open made a \(operation) call")
        }
        #expect(try sandbox.cameraRollFiles() == ["IMG_0001.JPG", "notes.txt"])
    }

    @Test func orphansAreMovedAsideNotDeletedAndFoldersAreLeftAlone() throws {
        let sandbox = try MediaSandbox()
        let added = try sandbox.open().add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        let cameraRoll = sandbox.mediaFolder + "/DCIM/100APPLE"
        try sandbox.fileSystem.writeAtomically(Data("mine".utf8), to: cameraRoll + "/notes.txt")
        try sandbox.fileSystem.createDirectory(at: cameraRoll + "/Keep")
        try sandbox.fileSystem.writeAtomically(Data("inside".utf8), to: cameraRoll + "/Keep/inner.jpg")
        let orphans = sandbox.mediaFolder + "/PhotoData/Orphans"
        try sandbox.fileSystem.createDirectory(at: orphans)
        try sandbox.fileSystem.writeAtomically(Data("earlier".utf8), to: orphans + "/notes.txt")

        let library = try sandbox.open()
        #expect(try library.assets() == added)
        #expect(try sandbox.cameraRollFiles() == ["IMG_0001.JPG", "Keep"])
        #expect(try sandbox.fileSystem.contents(of: cameraRoll + "/Keep/inner.jpg") == Data("inside".utf8))
        #expect(try sandbox.fileSystem.contentsOfDirectory(at: orphans) == ["notes.txt", "notes.txt.2"])
        #expect(try sandbox.fileSystem.contents(of: orphans + "/notes.txt.2") == Data("mine".utf8))
    }

    /// The counter says IMG_0002 is next, but a file no row knows already has that name.
    @Test func anImportNeverWritesOverAStrayAtTheNextName() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        _ = try library.add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        let stray = Data("somebody's photo".utf8)
        try sandbox.fileSystem.writeAtomically(stray, to: sandbox.mediaFolder + "/DCIM/100APPLE/IMG_0002.JPG")
        let photo = try sandbox.jpeg(width: 8, height: 8, shade: 40)

        let added = try library.add([MediaSource(path: "b.jpg", data: photo)])
        #expect(added.map(\.fileName) == ["IMG_0002.JPG"])
        #expect(try sandbox.fileSystem.contents(of: sandbox.mediaFolder + "/DCIM/100APPLE/IMG_0002.JPG") == photo)
        #expect(try sandbox.fileSystem.contents(of: sandbox.mediaFolder + "/PhotoData/Orphans/IMG_0002.JPG") == stray)
        #expect(try library.checkInvariants().isEmpty)
    }

    @Test func anAssetWhoseFileWasRemovedIsListedAsMissing() throws {
        let sandbox = try MediaSandbox()
        let added = try sandbox.open().add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8)),
                                            MediaSource(path: "b.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        try sandbox.fileSystem.removeItem(at: sandbox.mediaFolder + "/" + added[0].path)
        let listed = try sandbox.open(access: .readOnly).assets()
        #expect(listed.map(\.isMissing) == [true, false])
        let text = MediaListing.text(listed)
        #expect(text.hasPrefix("0 \(added[0].localIdentifier) DCIM/100APPLE/IMG_0001.JPG 8x8 2023-11-14T22:13:20Z a.jpg [missing]\n"), "\(text)")
        #expect(text.hasSuffix("IMG_0002.JPG 8x8 2023-11-14T22:13:20Z b.jpg\n"), "\(text)")
        #expect(text.split(separator: "\n").map { $0.split(separator: " ")[0] } == ["0", "1"], "numbered in the library's order")
        let json = MediaListing.json(listed)
        #expect(json.contains("\"missing\" : true") && json.contains("\"missing\" : false"))
    }

    @Test func aCorruptDatabaseIsNamed() throws {
        let sandbox = try MediaSandbox()
        _ = try sandbox.open().add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        let database = sandbox.mediaFolder + "/PhotoData/Photos.sqlite"
        for suffix in ["-wal", "-shm"] { try sandbox.fileSystem.removeItem(at: database + suffix) }
        try sandbox.fileSystem.writeAtomically(Data(repeating: 0x5A, count: 8_192), to: database)
        #expect {
            try sandbox.open(access: .readOnly)
        } throws: { error in
            guard case MediaLibraryError.damagedDatabase(path: database, _) = error else { return false }
            return SimctlError.media(error as! MediaLibraryError).exitCode == 74
        }
        #expect(try sandbox.cameraRollFiles() == ["IMG_0001.JPG"])
    }

    @Test func orphansPastTheByteBoundGoOldestFirst() throws {
        let sandbox = try MediaSandbox()
        _ = try sandbox.open()
        let cameraRoll = sandbox.mediaFolder + "/DCIM/100APPLE"
        // Sparse files: their sizes count, their blocks are never written.
        let sizes = [MediaLibrary.maximumOrphanBytes / 2, MediaLibrary.maximumOrphanBytes / 2, 4096]
        for (index, size) in sizes.enumerated() {
            let path = cameraRoll + "/IMG_000\(index + 1).JPG"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            #expect(descriptor >= 0 && ftruncate(descriptor, off_t(size)) == 0)
            var times = [timespec(tv_sec: 1_700_000_000 + index, tv_nsec: 0), timespec(tv_sec: 1_700_000_000 + index, tv_nsec: 0)]
            #expect(futimens(descriptor, &times) == 0)
            close(descriptor)
        }
        _ = try sandbox.open()
        #expect(try sandbox.fileSystem.contentsOfDirectory(at: sandbox.mediaFolder + "/PhotoData/Orphans") == ["IMG_0002.JPG", "IMG_0003.JPG"])
    }

    @Test func temporaryFilesAreRecognisedByTheirShapeOnly() {
        #expect(MediaLibrary.isTemporaryFileName(".IMG_0002.JPG.x7Kq2Z"))
        #expect(MediaLibrary.isTemporaryFileName(".IMG_0100.HEIC.000000"))
        for kept in [".notes.txt.x7Kq2Z", ".IMG_0002.JPG.x7Kq2", ".IMG_0002.JPG.x7-q2Z", "IMG_0002.JPG.x7Kq2Z", ".DS_Store"] {
            #expect(!MediaLibrary.isTemporaryFileName(kept), "\(kept)")
        }
    }
}
