@testable import Core
import Foundation
import PhotoSimTesting
import Testing

@Suite struct ImageStoreTests {
    let directory: TemporaryFolder
    var folder: String { directory.path }
    let ledger = MemoryLedger()
    let fileSystem = POSIXFileSystem()

    init() throws {
        directory = try TemporaryFolder(prefix: "photosim-core-")
    }

    func makeStore(cacheLimitBytes: Int = 1 << 20) -> ImageStore {
        ImageStore(folder: folder, fileSystem: fileSystem, decoder: ImageDecoder(meter: ledger), cacheLimitBytes: cacheLimitBytes)
    }

    func key(_ text: String) throws -> ImageKey { try #require(ImageKey(text)) }

    @Test func savedImagesAreFilesAndCacheHits() throws {
        let store = makeStore()
        let key = try key("6B29FC40-CA47-1067-B31D-00DD010662DA")
        let bitmap = TestImages.gradient(width: 64, height: 48)
        try store.setImage(bitmap, forKey: key)
        #expect(try ImageProbe.probe(try fileSystem.contents(of: store.path(forKey: key))).pixelWidth == 64)
        #expect(store.image(forKey: key).bitmap === bitmap)
        store.checkInvariants()
    }

    @Test func aMemoryWarningEmptiesTheCacheButKeepsTheFiles() throws {
        let store = makeStore()
        let key = try key("item-1")
        try store.setImage(TestImages.gradient(width: 64, height: 48), forKey: key)
        #expect(store.cachedBytes == 64 * 48 * 3)
        store.didReceiveMemoryWarning()
        #expect(store.cachedBytes == 0)
        #expect(store.cachedKeys.isEmpty)
        let reloaded = try #require(store.image(forKey: key).bitmap)
        #expect(reloaded.width == 64 && reloaded.height == 48)
        #expect(store.cachedKeys == [key])
        store.checkInvariants()
    }

    @Test func theFlushedBitmapsAreFreed() throws {
        let store = makeStore()
        let key = try key("item-2")
        try store.setImage(TestImages.gradient(width: 64, height: 48), forKey: key)
        store.didReceiveMemoryWarning()
        _ = store.image(forKey: key)
        #expect(ledger.currentBytes[.decodedBitmap] == 64 * 48 * 3)
        store.didReceiveMemoryWarning()
        #expect(ledger.currentBytes[.decodedBitmap] == 0)
    }

    @Test func theCacheEvictsTheLeastRecentlyUsedOverItsLimit() throws {
        let one = 32 * 32 * 3
        let store = makeStore(cacheLimitBytes: 2 * one)
        let keys = try ["a", "b", "c"].map(key)
        try store.setImage(TestImages.gradient(width: 32, height: 32), forKey: keys[0])
        try store.setImage(TestImages.gradient(width: 32, height: 32), forKey: keys[1])
        _ = store.image(forKey: keys[0])
        try store.setImage(TestImages.gradient(width: 32, height: 32), forKey: keys[2])
        #expect(store.cachedKeys == [keys[0], keys[2]])
        #expect(store.image(forKey: keys[1]).bitmap != nil, "evicted images still load from their files")
        store.checkInvariants()
    }

    @Test func deleteRemovesFileAndCacheEntry() throws {
        let store = makeStore()
        let key = try key("item-3")
        try store.setImage(TestImages.gradient(width: 16, height: 16), forKey: key)
        try store.deleteImage(forKey: key)
        #expect(!fileSystem.fileExists(at: store.path(forKey: key)))
        #expect(store.cachedKeys.isEmpty)
        #expect(store.image(forKey: key).bitmap == nil)
        try store.deleteImage(forKey: key)
    }

    @Test func missingAndCorruptFilesGiveNoImageWithAReason() throws {
        let store = makeStore()
        let missing = try key("missing")
        guard case .noImage(.fileMissing(let path)) = store.image(forKey: missing) else {
            Issue.record("a missing file must give .fileMissing")
            return
        }
        #expect(path == store.path(forKey: missing))

        let corrupt = try key("corrupt")
        try fileSystem.writeAtomically(Data("not a photo".utf8), to: store.path(forKey: corrupt))
        guard case .noImage(.decodeFailed(_, .unsupportedFormat(detected: "text"))) = store.image(forKey: corrupt) else {
            Issue.record("a text file must give .decodeFailed naming it as text")
            return
        }
    }

    @Test(arguments: ["", "../escape", "a/b", ".hidden"])
    func keysThatAreNotOneFileNameAreRejected(text: String) {
        #expect(ImageKey(text) == nil)
    }

    @Test func aFullDiskKeepsThePreviousImage() throws {
        let disk = FaultInjectingFileSystem(wrapping: fileSystem)
        let store = ImageStore(folder: folder, fileSystem: disk, decoder: ImageDecoder(), cacheLimitBytes: 1 << 20)
        let key = try key("item-4")
        try store.setImage(TestImages.gradient(width: 16, height: 16), forKey: key)
        disk.inject(FaultRule(kind: .diskFull, operation: .write))
        #expect(throws: ImageStoreError.fileSystem(.noSpace(path: store.path(forKey: key)))) {
            try store.setImage(TestImages.gradient(width: 32, height: 32), forKey: key)
        }
        store.didReceiveMemoryWarning()
        #expect(store.image(forKey: key).bitmap?.width == 16)
    }
}
