import Core
import Foundation
import PhotoSimTesting
import Testing

/// The ``FileSystemContract`` run against every `FileSystem` the package ships, and shown to
/// catch a file system that breaks it.
@Suite struct FileSystemContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case posix, posixScratch, faultInjectorWithoutFaults, faultInjectorWithFaultsElsewhere, interleaving, bareWrapper

        var testDescription: String { rawValue }

        func make() -> FileSystem {
            switch self {
            case .posix:
                return POSIXFileSystem()
            case .posixScratch:
                return POSIXFileSystem(durability: .scratch)
            case .faultInjectorWithoutFaults:
                return FaultInjectingFileSystem(wrapping: POSIXFileSystem())
            case .faultInjectorWithFaultsElsewhere:
                let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
                for operation in FaultOperation.allCases {
                    disk.crash(.before, on: operation, pathPattern: "*/never-touched/*")
                    disk.inject(FaultRule(kind: .ioError, operation: operation, pathPattern: "*/never-touched/*"))
                }
                return disk
            case .bareWrapper:
                return BareWrapper(base: POSIXFileSystem())
            case .interleaving:
                let disk = InterleavingFileSystem()
                disk.afterWrite(toPathEndingWith: "/never-written") {}
                return disk
            }
        }
    }

    @Test(arguments: Implementation.allCases)
    func keepsTheContract(implementation: Implementation) throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let violations = FileSystemContract.violations(of: implementation.make, in: folder.path)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test(arguments: [
        (DefectiveFileSystem.Defect.unsortedListing, ["deferred writes are whole, never replace, and synchronize keeps them", "listing is sorted"]),
        (.removingMissingFails, ["remove is idempotent"]),
        (.removingFoldersOnlyWhenEmpty, ["remove takes a folder's contents"]),
        (.writesInPlace, ["replace is whole"]),
        (.deferredWriteReplaces, ["deferred writes are whole, never replace, and synchronize keeps them"]),
        (.leavesTemporaryFiles, ["createDirectory makes parents and is idempotent", "deferred writes are whole, never replace, and synchronize keeps them",
                                 "listing is sorted", "replace is whole"]),
        (.creatingExistingFolderFails, ["createDirectory makes parents and is idempotent"]),
        (.errorsWithoutPath, ["bounded reads stop at the limit and the prefix",
                              "deferred writes are whole, never replace, and synchronize keeps them", "execute bits are set and cleared",
                              "failed write keeps the old contents",
                              "files and folders are told apart", "missing items are notFound", "move never replaces",
                              "remove is idempotent", "resolved paths are canonical",
                              "special files are refused without blocking"]),
        (.listingFilesAsEmpty, ["files and folders are told apart"]),
        (.statusFollowsLinks, ["status does not follow links"]),
        (.prefixIgnored, ["bounded reads stop at the limit and the prefix"]),
        (.moveReplaces, ["move never replaces"]),
    ])
    func catchesADefect(defect: DefectiveFileSystem.Defect, brokenRules: [String]) throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let violations = FileSystemContract.violations(of: { DefectiveFileSystem(defect) }, in: folder.path)
        let violatedRules = Set(violations.compactMap { violation in
            FileSystemContract.ruleNames.first { violation.hasPrefix($0 + ": ") }
        })
        #expect(violatedRules.sorted() == brokenRules, "\(violations)")
        #expect(violations.allSatisfy { violation in
            FileSystemContract.ruleNames.contains { violation.hasPrefix($0 + ": ") }
        }, "\(violations)")
    }

    @Test func violationsSayWhatHappenedWhere() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let violations = FileSystemContract.violations(of: { DefectiveFileSystem(.writesInPlace) }, in: folder.path)
        let file = folder.appending("replace/file")
        #expect(violations.first == "replace is whole: contents(of: \(file)) gave 10 bytes; 1 byte [9] were written",
                "\(violations)")
    }
}

/// A wrapper that implements nothing of its own: everything must reach `base`.
final class BareWrapper: FileSystemWrapper {
    let base: FileSystem
    init(base: FileSystem) { self.base = base }
}

@Suite struct FileSystemWrapperTests {
    @Test func aWrapperPassesTheFaultHooksOnWithoutWritingThem() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let inner = FaultInjectingFileSystem(wrapping: POSIXFileSystem(durability: .scratch))
        inner.crash(at: .photosSaveAfterFileWrite)
        let wrapper = BareWrapper(base: inner)
        #expect(wrapper.durability == .scratch)
        try wrapper.writeAtomically(Data([1]), to: folder.appending("a"), beforeRename: .photosSaveBeforeRename)
        #expect(inner.reachedCrashPoints == [.photosSaveBeforeRename])
        #expect(throws: FileSystemError.simulatedCrash(operation: "crash point", path: CrashPoint.photosSaveAfterFileWrite.name)) {
            try wrapper.reach(.photosSaveAfterFileWrite)
        }
        #expect(inner.hasCrashed)
    }

    @Test func aWrapperPassesDeferredWritesAndTheirSyncOn() throws {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let inner = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
        inner.inject(FaultRule(kind: .fsyncFailure, operation: .sync, pathPattern: "*/b"))
        let wrapper = BareWrapper(base: inner)
        try wrapper.writeAtomicallyDeferred(Data([1]), to: folder.appending("a"))
        try wrapper.writeAtomicallyDeferred(Data([2]), to: folder.appending("b"))
        #expect(throws: FileSystemError.failed(operation: "fsync", path: folder.appending("b"), errno: EIO)) {
            try wrapper.synchronize([folder.appending("a"), folder.appending("b")])
        }
        #expect(inner.calls.map(\.operation) == [.write, .write, .sync, .sync])
    }
}
