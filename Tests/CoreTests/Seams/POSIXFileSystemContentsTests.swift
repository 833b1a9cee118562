import Core
import Foundation
import PhotoSimTesting
import Testing

@Suite struct POSIXFileSystemContentsTests {
    let fileSystem = POSIXFileSystem()

    private func withTemporaryFolder(_ body: (String) throws -> Void) throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        try body(folder.path)
    }

    @Test(arguments: [0, 1, 4_095, 4_096, 300_001])
    func readsBackExactlyWhatWasWritten(byteCount: Int) throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("file.bin")
            let data = Data((0..<byteCount).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try fileSystem.writeAtomically(data, to: path)
            let read = try fileSystem.contents(of: path)
            #expect(read == data && read.count == byteCount)
        }
    }

    @Test func missingFileIsNotFound() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("absent.jpg")
            #expect(throws: FileSystemError.notFound(path: path)) { try fileSystem.contents(of: path) }
        }
    }

    @Test func filesThatReportNoSizeAreReadToTheEnd() throws {
        let status = String(decoding: try fileSystem.contents(of: "/proc/self/status"), as: UTF8.self)
        #expect(status.contains("VmRSS:"))
    }

    @Test func aFolderIsNotReadAsAFile() throws {
        try withTemporaryFolder { folder in
            #expect(throws: FileSystemError.failed(operation: "read", path: folder, errno: EISDIR)) {
                try fileSystem.contents(of: folder)
            }
        }
    }

    /// Atomic replacement is a new file renamed over the old one: a reader that opened the old
    /// file keeps reading all of it, and no temporary file is left beside it. (Writing in place
    /// would show the reader the new bytes, or a mix, through the same inode.)
    @Test func replacingRenamesANewFileOverTheOld() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("Photo-1.jpg")
            try fileSystem.writeAtomically(Data("old contents".utf8), to: path)
            let reader = open(path, O_RDONLY)
            try #require(reader >= 0)
            defer { close(reader) }
            var before = stat(), after = stat()
            fstat(reader, &before)
            try fileSystem.writeAtomically(Data("new".utf8), to: path)
            stat(path, &after)
            #expect(after.st_ino != before.st_ino)
            #expect(after.st_mode & 0o777 == 0o644)
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = pread(reader, &buffer, buffer.count, 0)
            #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "old contents")
            #expect(try fileSystem.contents(of: path) == Data("new".utf8))
            #expect(try fileSystem.contentsOfDirectory(at: folder) == ["Photo-1.jpg"])
        }
    }
}
