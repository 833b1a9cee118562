import Core
import Foundation
@testable import DeviceStore
import Testing

@Suite struct MediaLibraryRemovalTests {
    @Test func removeDeletesRowsAndFiles() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let data = try sandbox.jpeg(width: 8, height: 8)
        let added = try library.add((0..<3).map { MediaSource(path: "p\($0).jpg", data: data) })
        let removed = try library.remove(localIdentifiers: [added[2].localIdentifier, added[0].localIdentifier])
        #expect(removed == [added[2], added[0]])
        #expect(try library.assets() == [added[1]])
        #expect(try sandbox.cameraRollFiles() == ["IMG_0002.JPG"])
        #expect(try library.asset(for: added[0].localIdentifier) == nil)
        #expect(try library.checkInvariants().isEmpty)
    }

    @Test func anUnknownIdentifierRemovesNothing() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let added = try library.add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        let unknown = "01234567-89AB-4CDE-8F01-23456789ABCD/L0/001"
        #expect(throws: MediaLibraryError.unknownAsset(unknown)) {
            try library.remove(localIdentifiers: [added[0].localIdentifier, unknown])
        }
        #expect(throws: MediaLibraryError.unknownAsset("garbage")) { try library.remove(localIdentifiers: ["garbage"]) }
        #expect(try library.assets() == added)
        #expect(try sandbox.cameraRollFiles() == ["IMG_0001.JPG"])
    }

    @Test func anIdentifierListedTwiceIsRemovedOnce() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let added = try library.add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        let removed = try library.remove(localIdentifiers: [added[0].localIdentifier, added[0].localIdentifier])
        #expect(removed == added)
        #expect(try library.assets().isEmpty)
    }
}
