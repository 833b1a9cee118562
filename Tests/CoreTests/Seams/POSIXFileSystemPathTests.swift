import Core
import Foundation
import PhotoSimTesting
import Testing

/// A path with a NUL byte reaches no C call: Swift would hand C the bytes before the NUL, which
/// name another file (`"photo.jpg\0.png"` would read, write or delete `photo.jpg`).
@Suite struct POSIXFileSystemPathTests {
    /// Every call that takes a path, with the path to give it.
    static let calls: [(name: String, call: @Sendable (POSIXFileSystem, String) throws(FileSystemError) -> Void)] = [
        ("contents(of:)", { fileSystem, path throws(FileSystemError) in _ = try fileSystem.contents(of: path) }),
        ("contents(ofRegularFile:)", { fileSystem, path throws(FileSystemError) in
            _ = try fileSystem.contents(ofRegularFile: path, limitBytes: 1_000) }),
        ("writeAtomically", { fileSystem, path throws(FileSystemError) in try fileSystem.writeAtomically(Data([1]), to: path) }),
        ("writeAtomicallyDeferred", { fileSystem, path throws(FileSystemError) in
            try fileSystem.writeAtomicallyDeferred(Data([1]), to: path) }),
        ("synchronize", { fileSystem, path throws(FileSystemError) in try fileSystem.synchronize([path]) }),
        ("removeItem", { fileSystem, path throws(FileSystemError) in try fileSystem.removeItem(at: path) }),
        ("createDirectory", { fileSystem, path throws(FileSystemError) in try fileSystem.createDirectory(at: path) }),
        ("contentsOfDirectory", { fileSystem, path throws(FileSystemError) in _ = try fileSystem.contentsOfDirectory(at: path) }),
        ("sizeOfItem", { fileSystem, path throws(FileSystemError) in _ = try fileSystem.sizeOfItem(at: path) }),
        ("statusOfItem", { fileSystem, path throws(FileSystemError) in _ = try fileSystem.statusOfItem(at: path) }),
        ("resolvedPath", { fileSystem, path throws(FileSystemError) in _ = try fileSystem.resolvedPath(of: path) }),
        ("moveItem from", { fileSystem, path throws(FileSystemError) in
            try fileSystem.moveItem(at: path, to: path.replacingOccurrences(of: "\0", with: "-moved")) }),
        ("moveItem to", { fileSystem, path throws(FileSystemError) in
            try fileSystem.moveItem(at: path.replacingOccurrences(of: "\0.png", with: ""), to: path) }),
    ]

    @Test(arguments: calls.indices)
    func aPathWithANULIsRefusedAndTheFileBeforeItIsUntouched(call: Int) throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let fileSystem = POSIXFileSystem()
        let real = folder.path.appendingPathComponent("photo.jpg")
        try fileSystem.writeAtomically(Data([0xFF, 0xD8, 0xFF]), to: real)
        let path = real + "\0.png"

        #expect(throws: FileSystemError.invalidPath(path: path), "\(Self.calls[call].name)") {
            try Self.calls[call].call(fileSystem, path)
        }
        #expect(try fileSystem.contents(of: real) == Data([0xFF, 0xD8, 0xFF]))
        #expect(try fileSystem.contentsOfDirectory(at: folder.path) == ["photo.jpg"])
        #expect(!fileSystem.fileExists(at: path))
    }

    @Test func theMessageShowsTheNULAndSaysNothingWasTouched() {
        let error = FileSystemError.invalidPath(path: "/tmp/a\0b")
        #expect(error.description == "/tmp/a\\0b contains a NUL byte, which no file name can hold; nothing was read or changed")
    }
}
