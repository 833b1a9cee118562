import Core
import Foundation
import PhotoSimTesting
import Testing

@Suite struct PhotoIDTests {
    @Test(arguments: [0, -1, Int.min])
    func zeroAndNegativesAreNotPhotoIDs(rawValue: Int) {
        #expect(PhotoID(rawValue: rawValue) == nil)
    }

    @Test func namesItsFile() {
        #expect(PhotoID(rawValue: 12)?.fileName == "Photo-12.jpg")
    }
}

@Suite struct PhotoIDAllocatorTests {
    /// A device's container and its file system, "restarted" by building new objects on it.
    final class Install {
        let container: TemporaryFolder
        let disk = POSIXFileSystem()

        init() throws {
            container = try TemporaryFolder(prefix: "photosim-core-")
        }

        func allocator(_ fileSystem: FileSystem? = nil) throws -> PhotoIDAllocator {
            PhotoIDAllocator(preferences: try Preferences(containerPath: container.path, bundleIdentifier: "a.b",
                                                          fileSystem: fileSystem ?? disk))
        }

        var preferencesPath: String { Preferences.path(containerPath: container.path, bundleIdentifier: "a.b") }
    }

    @Test func countsFromOneAndPersistsEachID() throws {
        let install = try Install()
        let allocator = try install.allocator()
        #expect(try allocator.lastPhotoID() == nil)
        #expect(try allocator.nextPhotoID().rawValue == 1)
        #expect(try allocator.nextPhotoID().rawValue == 2)
        #expect(try install.allocator().lastPhotoID()?.rawValue == 2, "a fresh process sees the last ID")
        #expect(try install.allocator().nextPhotoID().rawValue == 3)
    }

    /// Which of two allocators on one container allocates next, in turn (0 is the one made first:
    /// an old app instance still referenced after its relaunch made the other).
    @Test(arguments: [[0, 1, 0, 1], [0, 0, 1, 1, 0], [1, 0, 0, 0, 1, 1, 1, 0], [1, 1, 0]])
    func interleavedAllocatorsOnOneContainerNeverShareAnID(order: [Int]) throws {
        let install = try Install()
        let allocators = [try install.allocator(), try install.allocator()]
        let ids = try order.map { try allocators[$0].nextPhotoID().rawValue }
        #expect(ids == Array(1...order.count))
        #expect(try allocators.map { try $0.lastPhotoID()?.rawValue } == [order.count, order.count])
    }

    /// (fault on the counter's save, ID the restarted app gets next)
    @Test(arguments: [
        (FaultInjectingFileSystem.CrashMoment.before, 1),  // never handed out, so 1 is still free
        (.after, 2),                                        // saved but never returned: skipped, not reused
    ])
    func crashWhileSavingTheCounter(crash: FaultInjectingFileSystem.CrashMoment, nextAfterRestart: Int) throws {
        let install = try Install()
        let dying = FaultInjectingFileSystem(wrapping: install.disk)
        dying.crash(crash, on: .write)
        #expect(throws: PreferencesError.self) { try install.allocator(dying).nextPhotoID() }
        #expect(try install.allocator().nextPhotoID().rawValue == nextAfterRestart)
    }

    @Test func crashAfterTheIDWasHandedOutNeverReusesIt() throws {
        let install = try Install()
        let dying = FaultInjectingFileSystem(wrapping: install.disk)
        let allocator = try install.allocator(dying)
        let handedOut = try allocator.nextPhotoID()
        dying.crash(.before, on: .write)
        #expect(throws: FileSystemError.self) {
            try dying.writeAtomically(Data(), to: install.container.appending(handedOut.fileName))
        }
        #expect(try install.allocator().nextPhotoID().rawValue == handedOut.rawValue + 1)
    }

    @Test func diskFullHandsOutNothing() throws {
        let install = try Install()
        let full = FaultInjectingFileSystem(wrapping: install.disk)
        let allocator = try install.allocator(full)
        full.inject(FaultRule(kind: .diskFull, operation: .write))
        #expect(throws: PreferencesError.writeFailed(path: install.preferencesPath, .noSpace(path: install.preferencesPath))) {
            try allocator.nextPhotoID()
        }
        #expect(try allocator.nextPhotoID().rawValue == 1)
    }

    @Test(arguments: [
        (PropertyListValue.integer(-3), "the last photo ID cannot be negative, found -3"),
        (.string("4"), "expected an integer, found a string"),
        // The seed's model declares photoID an Integer 32: the next after 2,147,483,647 does not fit.
        (.integer(2_147_483_647), "the counter is at 2147483647: the next photo ID would not fit the model's Integer 32 photoID "
            + "(at most 2147483647); no photo ID is left"),
        (.integer(Int.max), "the counter is at \(Int.max): the next photo ID would not fit the model's Integer 32 photoID "
            + "(at most 2147483647); no photo ID is left"),
    ])
    func unusableCounterIsAnErrorNotAReset(stored: PropertyListValue, reason: String) throws {
        let install = try Install()
        let preferences = try Preferences(containerPath: install.container.path, bundleIdentifier: "a.b", fileSystem: install.disk)
        try preferences.set(stored, forKey: PhotoIDAllocator.preferenceKey)
        #expect(throws: PreferencesError.invalidValue(key: "PhotoID", path: install.preferencesPath, reason: reason)) {
            try PhotoIDAllocator(preferences: preferences).nextPhotoID()
        }
        #expect(try preferences.value(forKey: "PhotoID") == stored)
    }
}

@Suite struct PhotoIDRangeTests {
    /// Integer 32, as the seed's model declares `photoID`: the last ID is 2,147,483,647.
    @Test func aPhotoIDIsPositiveAndFitsAnInteger32() {
        #expect(PhotoID(rawValue: 2_147_483_647)?.fileName == "Photo-2147483647.jpg")
        #expect(PhotoID(rawValue: 2_147_483_648) == nil)
        #expect(PhotoID(rawValue: 0) == nil)
    }
}
