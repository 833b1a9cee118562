import Core
import Foundation
import Testing

@Suite struct POSIXFileSystemContentsTests {
    let fileSystem = POSIXFileSystem()

    private func withTemporaryFolder(_ body: (String) throws -> Void) throws {
        let folder = TemporaryDirectory()
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
}
