import Core
import Foundation
import PhotoSimTesting
import Testing

@Suite struct FaultInjectingFileSystemTests {
    @Test(arguments: [
        (FaultInjectingFileSystem.Injection.fault(.diskFull), "old", false),
        (.fault(.ioError), "old", false),
        (.fault(.shortWrite), "old", false),
        (.fault(.fsyncFailure), "old", false),
        (.crash(.before), "old", true),
        (.crash(.after), "new", true),
    ])
    func faultOnSecondWrite(fault: FaultInjectingFileSystem.Injection, contentsAfter: String, crashes: Bool) throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let path = folder.appending("file")
        let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
        disk.inject(fault, on: .write, nth: 2)
        try disk.writeAtomically(Data("old".utf8), to: path)
        #expect(throws: FileSystemError.self) { try disk.writeAtomically(Data("new".utf8), to: path) }
        #expect(try POSIXFileSystem().contents(of: path) == Data(contentsAfter.utf8))
        #expect(disk.hasCrashed == crashes)
        if crashes {
            #expect(throws: FileSystemError.simulatedCrash(operation: "read", path: path)) { try disk.contents(of: path) }
            #expect(!disk.fileExists(at: path))
        } else {
            try disk.writeAtomically(Data("later".utf8), to: path)
            #expect(try disk.contents(of: path) == Data("later".utf8))
        }
    }

    @Test func errorsAreTheOnesARealDiskGives() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let path = folder.appending("file")
        let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
        disk.inject(FaultRule(kind: .diskFull, operation: .write))
        disk.inject(FaultRule(kind: .ioError, operation: .remove))
        #expect(throws: FileSystemError.noSpace(path: path)) { try disk.writeAtomically(Data(), to: path) }
        #expect(throws: FileSystemError.failed(operation: "remove", path: path, errno: EIO)) { try disk.removeItem(at: path) }
    }

    @Test func pathFilterCountsOnlyMatchingCalls() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
        disk.inject(FaultRule(kind: .diskFull, operation: .write, nth: 2, pathPattern: "*/photo-*"))
        try disk.writeAtomically(Data(), to: folder.appending("photo-1"))
        try disk.writeAtomically(Data(), to: folder.appending("prefs"))
        #expect(throws: FileSystemError.noSpace(path: folder.appending("photo-2"))) {
            try disk.writeAtomically(Data(), to: folder.appending("photo-2"))
        }
        #expect(disk.count(of: .write) == 3)
        #expect(disk.count(of: .write, pathContaining: "/photo-") == 2)
        #expect(disk.calls.first == .init(operation: .write, path: folder.appending("photo-1")))
    }

    /// `crash(afterWrites:afterRemovals:)` lets that many calls reach the disk, then the next
    /// one and every later one fail without touching it, like a process killed between calls.
    @Test(arguments: [
        (Int?.some(0), Int?.none, ["old0", "old1"], true),
        (1, nil, ["new0", "old1"], true),
        (2, nil, ["new0", "new1"], false),
        (nil, 0, ["new0", "old0", "old1"], true),
        (nil, 1, ["new0", "new1", "old1"], true),
        (1, 0, ["new0", "old0", "old1"], true),
        (1, 1, ["new0", "old1"], true),
    ])
    func crashAfterSomeWritesAndRemovals(writes: Int?, removals: Int?, filesAfter: [String], crashes: Bool) throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        for name in ["old0", "old1"] { try POSIXFileSystem().writeAtomically(Data(name.utf8), to: folder.appending(name)) }
        let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
        disk.crash(afterWrites: writes, afterRemovals: removals)
        try? disk.writeAtomically(Data("new0".utf8), to: folder.appending("new0"))
        try? disk.removeItem(at: folder.appending("old0"))
        try? disk.writeAtomically(Data("new1".utf8), to: folder.appending("new1"))
        try? disk.removeItem(at: folder.appending("old1"))
        #expect(try POSIXFileSystem().contentsOfDirectory(at: folder.path) == filesAfter)
        #expect(disk.hasCrashed == crashes)
        if crashes {
            #expect(throws: FileSystemError.simulatedCrash(operation: "createDirectory", path: folder.appending("later"))) {
                try disk.createDirectory(at: folder.appending("later"))
            }
        }
    }

    @Test func crashMessageSaysToRestart() {
        let error = FileSystemError.simulatedCrash(operation: "write", path: "/x/Photo-1.jpg")
        #expect(error.description.contains("/x/Photo-1.jpg"))
        #expect(error.description.contains("restart"))
    }
}
