import Core
import Foundation
import PhotoSimTesting
@testable import DeviceStore
import Testing

/// A call killed part-way leaves the library as before the call or as after it, never half.
@Suite struct MediaLibraryCrashTests {
    @Test(arguments: 0..<3)
    func anAddKilledWhileWritingFilesLeavesTheLibraryAsBefore(writesBeforeCrash: Int) throws {
        let sandbox = try MediaSandbox()
        let data = try sandbox.jpeg(width: 8, height: 8)
        let before = try sandbox.open(seed: 1).add([MediaSource(path: "a.jpg", data: data), MediaSource(path: "b.jpg", data: data)])

        let crashing = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        crashing.crash(afterWrites: writesBeforeCrash)
        let doomed = try sandbox.open(seed: 2, fileSystem: crashing)
        #expect(throws: MediaLibraryError.self) {
            try doomed.add((0..<3).map { MediaSource(path: "new\($0).jpg", data: data) })
        }
        #expect(crashing.hasCrashed)
        // The dead call could not clean up: its files are on disk without rows.
        #expect(try sandbox.cameraRollFiles().count == 2 + writesBeforeCrash)

        let recovered = try sandbox.open(seed: 3)
        #expect(try recovered.assets() == before)
        #expect(try sandbox.cameraRollFiles() == ["IMG_0001.JPG", "IMG_0002.JPG"])
        #expect(try recovered.checkInvariants().isEmpty)
        #expect(try recovered.add([MediaSource(path: "c.jpg", data: data)]).first?.fileName == "IMG_0003.JPG")
    }

    @Test func anAddKilledAtItsSyncLeavesTheLibraryAsBefore() throws {
        let sandbox = try MediaSandbox()
        let data = try sandbox.jpeg(width: 8, height: 8)
        let before = try sandbox.open(seed: 1).add([MediaSource(path: "a.jpg", data: data)])

        let crashing = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        crashing.crash(.before, on: .sync, nth: 2)
        let doomed = try sandbox.open(seed: 2, fileSystem: crashing)
        #expect(throws: MediaLibraryError.self) {
            try doomed.add((0..<3).map { MediaSource(path: "new\($0).jpg", data: data) })
        }
        #expect(crashing.hasCrashed)
        #expect(try sandbox.cameraRollFiles().count == 4)

        let recovered = try sandbox.open(seed: 3)
        #expect(try recovered.assets() == before)
        #expect(try recovered.add([MediaSource(path: "c.jpg", data: data)]).first?.fileName == "IMG_0002.JPG")
        #expect(try sandbox.cameraRollFiles() == ["IMG_0001.JPG", "IMG_0002.JPG"])
        #expect(try recovered.checkInvariants().isEmpty)
    }

    @Test func anAddSyncsEveryFileOnceAfterTheLastWriteAndBeforeItsRowsCommit() throws {
        let sandbox = try MediaSandbox()
        let data = try sandbox.jpeg(width: 8, height: 8)
        let spy = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        let library = try sandbox.open(seed: 1, fileSystem: spy)
        let added = try library.add((0..<3).map { MediaSource(path: "p\($0).jpg", data: data) })

        let paths = added.map { library.absolutePath($0.path) }
        let photoCalls = spy.calls.filter { $0.path.contains("/DCIM/") && [.write, .sync].contains($0.operation) }
        #expect(photoCalls == paths.map { .init(operation: .write, path: $0) } + paths.map { .init(operation: .sync, path: $0) })
    }

    @Test func anAddWhoseSyncFailsAddsNothingAndLeavesNoFile() throws {
        let sandbox = try MediaSandbox()
        let data = try sandbox.jpeg(width: 8, height: 8)
        let failing = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        failing.inject(FaultRule(kind: .ioError, operation: .sync))
        let library = try sandbox.open(seed: 1, fileSystem: failing)

        let firstPhoto = sandbox.mediaFolder + "/DCIM/100APPLE/IMG_0001.JPG"
        #expect(throws: MediaLibraryError.fileSystem(.failed(operation: "sync", path: firstPhoto, errno: EIO))) {
            try library.add([MediaSource(path: "a.jpg", data: data), MediaSource(path: "b.jpg", data: data)])
        }
        #expect(try library.assets().isEmpty)
        #expect(try sandbox.cameraRollFiles().isEmpty)
        #expect(try library.add([MediaSource(path: "c.jpg", data: data)]).first?.fileName == "IMG_0001.JPG")
        #expect(try library.checkInvariants().isEmpty)
    }

    @Test func aRemoveKilledAfterItsCommitLeavesOrphansThatTheNextOpenRemoves() throws {
        let sandbox = try MediaSandbox()
        let data = try sandbox.jpeg(width: 8, height: 8)
        let added = try sandbox.open(seed: 1).add((0..<3).map { MediaSource(path: "p\($0).jpg", data: data) })

        let crashing = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        crashing.crash(afterRemovals: 0)
        let doomed = try sandbox.open(seed: 2, fileSystem: crashing)
        _ = try doomed.remove(localIdentifiers: [added[0].localIdentifier, added[1].localIdentifier])
        #expect(crashing.hasCrashed)
        #expect(try sandbox.cameraRollFiles().count == 3)

        let recovered = try sandbox.open(seed: 3)
        #expect(try recovered.assets() == [added[2]])
        #expect(try sandbox.cameraRollFiles() == ["IMG_0003.JPG"])
        #expect(try recovered.checkInvariants().isEmpty)
    }

    @Test func openingRemovesHalfWrittenTemporaryFiles() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let added = try library.add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        let folder = sandbox.mediaFolder + "/DCIM/100APPLE"
        try sandbox.fileSystem.writeAtomically(Data([0xFF, 0xD8]), to: folder + "/.IMG_0002.JPG.x7Kq2Z")
        #expect(try library.checkInvariants() == ["DCIM/100APPLE/.IMG_0002.JPG.x7Kq2Z has no row (an orphan)"])

        let reopened = try sandbox.open()
        #expect(try reopened.assets() == added)
        #expect(try reopened.checkInvariants().isEmpty)
        #expect(try sandbox.fileSystem.statusOfItem(at: sandbox.mediaFolder + "/PhotoData/Orphans") == nil, "deleted, not kept")
    }

    @Test func addClearsAnOrphanTwinLeftSinceTheLibraryOpened() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        // Another process was killed while adding a PNG as IMG_0001 after this library opened.
        try sandbox.fileSystem.writeAtomically(try MediaSandbox.fixture("gradient_40x30.png"),
                                               to: sandbox.mediaFolder + "/DCIM/100APPLE/IMG_0001.PNG")
        let added = try library.add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        #expect(added.first?.fileName == "IMG_0001.JPG")
        #expect(try sandbox.cameraRollFiles() == ["IMG_0001.JPG"])
        #expect(try library.checkInvariants().isEmpty)
    }

    @Test func invariantsNoticeAMissingFile() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let added = try library.add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        try sandbox.fileSystem.removeItem(at: library.absolutePath(added[0].path))
        let problems = try library.checkInvariants()
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("DCIM/100APPLE/IMG_0001.JPG is missing") == true)
    }
}
