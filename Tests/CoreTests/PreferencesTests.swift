import Core
import Foundation
import PhotoSimTesting
import Testing

@Suite struct PreferencesTests {
    static let bundleIdentifier = "com.example.PhotoTagger"

    private func open(_ container: TemporaryFolder, _ fileSystem: FileSystem = POSIXFileSystem()) throws(PreferencesError) -> Preferences {
        try Preferences(containerPath: container.path, bundleIdentifier: Self.bundleIdentifier, fileSystem: fileSystem)
    }

    @Test func livesWhereIOSKeepsIt() {
        #expect(Preferences.path(containerPath: "/c", bundleIdentifier: "a.b") == "/c/Library/Preferences/a.b.plist")
    }

    @Test func missingFileStartsEmpty() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let preferences = try open(container)
        #expect(try preferences.keys.isEmpty)
        #expect(try preferences.integer(forKey: "PhotoID") == nil)
    }

    @Test func everyValueTypeSurvivesReopen() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let values: [String: PropertyListValue] = [
            "integer": .integer(-42), "real": .real(2.5), "bool": .bool(true), "string": .string("Café"),
            "data": .data(Data([0, 255])), "date": .date(Date(timeIntervalSinceReferenceDate: 86_400)),
            "array": .array([.integer(1), .string("a")]), "dictionary": .dictionary(["k": .bool(false)]),
        ]
        let preferences = try open(container)
        for (key, value) in values { try preferences.set(value, forKey: key) }
        let reopened = try open(container)
        #expect(try reopened.keys == values.keys.sorted())
        for (key, value) in values { #expect(try reopened.value(forKey: key) == value, "\(key)") }
    }

    @Test func removingAKeyIsDurable() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        try open(container).set(.integer(1), forKey: "gone")
        try open(container).set(nil, forKey: "gone")
        #expect(try open(container).value(forKey: "gone") == nil)
    }

    @Test func sameContentsGiveSameBytesWhateverTheOrderOfWrites() throws {
        let first = try TemporaryFolder(prefix: "photosim-core-"), second = try TemporaryFolder(prefix: "photosim-core-")
        let keys = (0..<30).map { "key\($0)" }
        let forwards = try open(first), backwards = try open(second)
        for key in keys { try forwards.set(.string(key), forKey: key) }
        for key in keys.reversed() { try backwards.set(.string(key), forKey: key) }
        let fileSystem = POSIXFileSystem()
        #expect(try fileSystem.contents(of: forwards.path) == fileSystem.contents(of: backwards.path))
        #expect(try fileSystem.contents(of: forwards.path).starts(with: Data("<?xml".utf8)))
    }

    @Test func readsTheBinaryFormatIOSWrites() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let path = Preferences.path(containerPath: container.path, bundleIdentifier: Self.bundleIdentifier)
        let binary = try PropertyListSerialization.data(fromPropertyList: ["PhotoID": 12], format: .binary, options: 0)
        try POSIXFileSystem().createDirectory(at: path.deletingLastPathComponent)
        try POSIXFileSystem().writeAtomically(binary, to: path)
        #expect(try open(container).integer(forKey: "PhotoID") == 12)
    }

    @Test(arguments: [
        ("garbage bytes", Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xFF])),
        ("empty file", Data()),
        ("a plist that is not a dictionary", Data("<plist><array/></plist>".utf8)),
        ("an unterminated XML plist", Data("<?xml version=\"1.0\"?><plist><dict><key>PhotoID</key>".utf8)),
    ])
    func corruptFileIsATypedErrorNamingTheFile(_ name: String, bytes: Data) throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let path = Preferences.path(containerPath: container.path, bundleIdentifier: Self.bundleIdentifier)
        try POSIXFileSystem().createDirectory(at: path.deletingLastPathComponent)
        try POSIXFileSystem().writeAtomically(bytes, to: path)
        do {
            _ = try open(container)
            Issue.record("\(name) was accepted")
        } catch {
            guard case .corrupt(let reportedPath, _) = error else { Issue.record("\(error)"); return }
            #expect(reportedPath == path)
            #expect(error.description.contains(path))
        }
        #expect(try POSIXFileSystem().contents(of: path) == bytes, "a corrupt file must be left alone")
    }

    @Test func wrongTypeIsReportedWithTheKey() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let preferences = try open(container)
        try preferences.set(.string("seven"), forKey: "PhotoID")
        #expect(throws: PreferencesError.invalidValue(key: "PhotoID", path: preferences.path,
                                                      reason: "expected an integer, found a string")) {
            try preferences.integer(forKey: "PhotoID")
        }
    }

    @Test func failedWriteChangesNeitherDiskNorMemory() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
        let preferences = try open(container, disk)
        try preferences.set(.integer(1), forKey: "PhotoID")
        disk.inject(FaultRule(kind: .diskFull, operation: .write))
        #expect(throws: PreferencesError.writeFailed(path: preferences.path, .noSpace(path: preferences.path))) {
            try preferences.set(.integer(2), forKey: "PhotoID")
        }
        #expect(try preferences.integer(forKey: "PhotoID") == 1)
        #expect(try open(container).integer(forKey: "PhotoID") == 1)
    }

    /// Two instances on one file, as an app relaunched in the same process while its old
    /// instance is still referenced: each sees what the other wrote, and no change is lost.
    @Test func twoInstancesOnOneFileSeeEachOthersChanges() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let old = try open(container), relaunched = try open(container)
        try old.set(.integer(1), forKey: "first")
        #expect(try relaunched.value(forKey: "first") == .integer(1))
        try relaunched.set(.string("two"), forKey: "second")
        try old.set(.bool(true), forKey: "third")
        #expect(try relaunched.keys == ["first", "second", "third"])
        #expect(try old.value(forKey: "second") == .string("two"), "the old instance did not write over it")
        try relaunched.set(nil, forKey: "first")
        #expect(try old.value(forKey: "first") == nil)
    }

    @Test func aChangeMadeOnDiskIsReadNextTime() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let preferences = try open(container)
        try preferences.set(.integer(1), forKey: "PhotoID")
        let bytes = PropertyListValue.dictionary(["PhotoID": .integer(9)]).encodedXML()
        try POSIXFileSystem().writeAtomically(bytes, to: preferences.path)
        #expect(try preferences.integer(forKey: "PhotoID") == 9)
    }

    @Test func anUpdateThatThrowsWritesNothing() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
        let preferences = try open(container, disk)
        try preferences.set(.integer(1), forKey: "PhotoID")
        let refusal = PreferencesError.invalidValue(key: "PhotoID", path: preferences.path, reason: "refused")
        let writes = disk.count(of: .write)
        #expect(throws: refusal) {
            try preferences.update(forKey: "PhotoID") { _ throws(PreferencesError) in throw refusal }
        }
        #expect(disk.count(of: .write) == writes)
        #expect(try preferences.update(forKey: "PhotoID") { .integer(($0?.integer ?? 0) + 1) } == .integer(2))
        #expect(try open(container).integer(forKey: "PhotoID") == 2)
    }

    @Test func aFileDamagedAfterOpeningIsReportedOnTheNextRead() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let preferences = try open(container)
        try preferences.set(.integer(1), forKey: "PhotoID")
        try POSIXFileSystem().writeAtomically(Data("garbage".utf8), to: preferences.path)
        #expect(throws: PreferencesError.self) { try preferences.integer(forKey: "PhotoID") }
        #expect(throws: PreferencesError.self) { try preferences.set(.integer(2), forKey: "PhotoID") }
        #expect(try POSIXFileSystem().contents(of: preferences.path) == Data("garbage".utf8), "never reset silently")
    }

    @Test func unreadableFileIsAReadError() throws {
        let container = try TemporaryFolder(prefix: "photosim-core-")
        let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
        disk.inject(FaultRule(kind: .ioError, operation: .read))
        let path = Preferences.path(containerPath: container.path, bundleIdentifier: Self.bundleIdentifier)
        #expect(throws: PreferencesError.readFailed(path: path, .failed(operation: "read", path: path, errno: EIO))) {
            try open(container, disk)
        }
    }
}
