import Core
import Foundation
import PhotoSimTesting
import Testing

/// PhotoSimTesting's `TemporaryFolder`: where it is made, what it is named, that it goes with
/// everything in it, and what a failing `mkdtemp` says.
@Suite struct TemporaryFolderTests {
    @Test func aFolderIsMadeUnderTMPDIRWithThePrefixAndIsEmpty() throws {
        let environment = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        let parent = environment.isEmpty ? "/tmp" : environment
        let folder = try TemporaryFolder(prefix: "photosim-helper-")
        #expect(folder.path.deletingLastPathComponent == Self.withoutTrailingSlashes(parent))
        #expect(folder.path.lastPathComponent.hasPrefix("photosim-helper-"))
        #expect(folder.path.lastPathComponent.count == "photosim-helper-".count + 6, "six characters from mkdtemp")
        #expect(!folder.path.contains("//"))
        #expect(try POSIXFileSystem().statusOfItem(at: folder.path)?.kind == .directory)
        #expect(try POSIXFileSystem().contentsOfDirectory(at: folder.path).isEmpty)
        #expect(folder.appending("a/b.jpg") == folder.path + "/a/b.jpg")
    }

    @Test func twoFoldersWithOnePrefixAreDifferentFolders() throws {
        let first = try TemporaryFolder(prefix: "photosim-helper-")
        let second = try TemporaryFolder(prefix: "photosim-helper-")
        #expect(first.path != second.path)
    }

    @Test(arguments: ["", "/", "//"])
    func aParentWithTrailingSlashesGivesAPathWithoutDoubleSlashes(slashes: String) throws {
        let parent = try TemporaryFolder(prefix: "photosim-helper-parent-")
        let folder = try TemporaryFolder(prefix: "inner.", in: parent.path + slashes)
        #expect(folder.path.hasPrefix(parent.path + "/inner."))
        #expect(folder.path.deletingLastPathComponent == parent.path)
    }

    @Test func releasingTheFolderRemovesItWithItsContents() throws {
        let disk = POSIXFileSystem()
        var folder: TemporaryFolder? = try TemporaryFolder(prefix: "photosim-helper-")
        let path = try #require(folder).path
        try disk.createDirectory(at: path.appendingPathComponent("Documents/Nested"))
        try disk.writeAtomically(Data("photo".utf8), to: path.appendingPathComponent("Documents/Nested/Photo-1.jpg"))
        try disk.writeAtomically(Data("store".utf8), to: path.appendingPathComponent("Store.sqlite"))
        #expect(disk.fileExists(at: path.appendingPathComponent("Documents/Nested/Photo-1.jpg")))
        folder = nil
        #expect(!disk.fileExists(at: path))
    }

    /// A parent that is missing, or is a file, makes `mkdtemp` fail for real (root included).
    @Test(arguments: [("missing", ENOENT), ("file", ENOTDIR)])
    func aFailingMkdtempNamesTheFolderAndErrno(parentName: String, code: Int32) throws {
        let scratch = try TemporaryFolder(prefix: "photosim-helper-")
        try POSIXFileSystem().writeAtomically(Data("not a folder".utf8), to: scratch.appending("file"))
        let parent = scratch.appending(parentName)
        let template = parent + "/photosim-helper-XXXXXX"
        #expect(throws: FileSystemError.failed(operation: "mkdtemp", path: template, errno: code)) {
            try TemporaryFolder(prefix: "photosim-helper-", in: parent)
        }
        do {
            _ = try TemporaryFolder(prefix: "photosim-helper-", in: parent)
        } catch {
            #expect("\(error)".contains(template))
            #expect("\(error)".contains("(errno \(code))"))
        }
    }

    static func withoutTrailingSlashes(_ folder: String) -> String {
        var trimmed = folder
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }
}
