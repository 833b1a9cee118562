import Core
import Foundation
import PhotoSimTesting
import Testing

/// The ``FileSystem`` contract, run against every implementation Core ships.
@Suite struct FileSystemContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case posix, faultInjectorWithoutFaults

        var testDescription: String { rawValue }

        func make() -> FileSystem {
            switch self {
            case .posix: return POSIXFileSystem()
            case .faultInjectorWithoutFaults: return FaultInjectingFileSystem(wrapping: POSIXFileSystem())
            }
        }
    }

    @Test(arguments: Implementation.allCases)
    func writeReadReplaceRemove(implementation: Implementation) throws {
        let fileSystem = implementation.make()
        let folder = TemporaryDirectory()
        let path = folder.appending("a/b/file.bin")
        try fileSystem.createDirectory(at: path.deletingLastPathComponent)
        try fileSystem.writeAtomically(Data([1, 2, 3]), to: path)
        #expect(try fileSystem.contents(of: path) == Data([1, 2, 3]))
        try fileSystem.writeAtomically(Data([9]), to: path)
        #expect(try fileSystem.contents(of: path) == Data([9]))
        #expect(try fileSystem.sizeOfItem(at: path) == 1)
        try fileSystem.removeItem(at: path)
        try fileSystem.removeItem(at: path)
        #expect(!fileSystem.fileExists(at: path))
        #expect(throws: FileSystemError.notFound(path: path)) { try fileSystem.contents(of: path) }
    }

    @Test(arguments: Implementation.allCases)
    func listingIsSortedAndHidesNoTemporaryFiles(implementation: Implementation) throws {
        let fileSystem = implementation.make()
        let folder = TemporaryDirectory()
        for name in ["c", "a", "b"] { try fileSystem.writeAtomically(Data(name.utf8), to: folder.appending(name)) }
        #expect(try fileSystem.contentsOfDirectory(at: folder.path) == ["a", "b", "c"])
    }
}
