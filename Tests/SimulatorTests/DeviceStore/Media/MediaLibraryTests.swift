import Core
import Foundation
@testable import DeviceStore
@testable import World
import Testing

@Suite struct MediaLibraryTests {
    @Test func addsAJPEGUnderACameraRollName() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let data = try sandbox.jpeg(width: 64, height: 48)
        let added = try library.add([MediaSource(path: "photos/beach.jpg", data: data)])
        let asset = try #require(added.first)
        #expect(asset.fileName == "IMG_0001.JPG")
        #expect(asset.path == "DCIM/100APPLE/IMG_0001.JPG")
        #expect(asset.originalFilename == "beach.jpg")
        #expect(asset.uniformTypeIdentifier == "public.jpeg")
        #expect(asset.pixelWidth == 64 && asset.pixelHeight == 48)
        #expect(asset.creationDate == sandbox.clock.now)
        #expect(asset.latitude == nil && asset.longitude == nil)
        #expect(asset.fileSize == data.count)
        #expect(try sandbox.fileSystem.contents(of: library.absolutePath(asset.path)) == data)
        #expect(try library.assets() == added)
        #expect(try library.checkInvariants().isEmpty)
    }

    @Test func localIdentifiersArePHAssetShaped() throws {
        let sandbox = try MediaSandbox()
        let added = try sandbox.open().add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        let identifier = try #require(added.first?.localIdentifier)
        #expect(identifier.hasSuffix("/L0/001"))
        let uuid = String(identifier.dropLast("/L0/001".count))
        #expect(UUID(uuidString: uuid) != nil)
        #expect(uuid == uuid.uppercased())
    }

    @Test func pngKeepsItsTypeAndExtension() throws {
        let sandbox = try MediaSandbox()
        let added = try sandbox.open().add([try MediaSandbox.source("gradient_40x30.png"),
                                            try MediaSandbox.source("gradient_alpha_30x40.png")])
        #expect(added.map(\.fileName) == ["IMG_0001.PNG", "IMG_0002.PNG"])
        #expect(added.allSatisfy { $0.uniformTypeIdentifier == "public.png" })
        #expect(added.map(\.pixelWidth) == [40, 30])
        #expect(added.map(\.pixelHeight) == [30, 40])
    }

    @Test func exifDateAndLocationAreUsed() throws {
        let sandbox = try MediaSandbox()
        let asset = try #require(try sandbox.open().add([try MediaSandbox.source("tiny_exif_gps.jpg")]).first)
        let exif = try #require(try ImageProbe.probe(try MediaSandbox.fixture("tiny_exif_gps.jpg")).exif)
        #expect(asset.creationDate == exif.dateTimeOriginal)
        #expect(asset.creationDate != sandbox.clock.now)
        #expect(abs(try #require(asset.latitude) - 48.8584) < 0.0001)
        #expect(abs(try #require(asset.longitude) - 2.2945) < 0.0001)
    }

    @Test func orientationSixReportsTheDisplayedSize() throws {
        let sandbox = try MediaSandbox()
        let asset = try #require(try sandbox.open().add([try MediaSandbox.source("tiny_orient6.jpg")]).first)
        #expect(asset.pixelWidth == 120 && asset.pixelHeight == 160)
    }

    @Test func addReturnsAssetsInTheGivenOrder() throws {
        let sandbox = try MediaSandbox()
        let names = ["c.jpg", "a.png", "b.jpg"]
        let sources = [MediaSource(path: "c.jpg", data: try sandbox.jpeg(width: 8, height: 8)),
                       try MediaSandbox.source("gradient_40x30.png").renamed("a.png"),
                       MediaSource(path: "b.jpg", data: try sandbox.jpeg(width: 9, height: 9))]
        let added = try sandbox.open().add(sources)
        #expect(added.map(\.originalFilename) == names)
        #expect(added.map(\.fileName) == ["IMG_0001.JPG", "IMG_0002.PNG", "IMG_0003.JPG"])
    }

    @Test func addingNothingChangesNothing() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        #expect(try library.add([]).isEmpty)
        #expect(try library.add([try MediaSandbox.source("gradient_40x30.png")]).first?.fileName == "IMG_0001.PNG")
    }

    @Test func assetsAreSortedByCreationDateThenFileName() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        sandbox.clock.advance(bySeconds: 60_000_000)  // to October 2025
        _ = try library.add([MediaSource(path: "late.jpg", data: try sandbox.jpeg(width: 8, height: 8)),
                             MediaSource(path: "late-too.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        // The EXIF photo was taken in May 2024, before the clock's "now", so it sorts first though added last.
        _ = try library.add([try MediaSandbox.source("tiny_exif_gps.jpg")])
        #expect(try library.assets().map(\.fileName) == ["IMG_0003.JPG", "IMG_0001.JPG", "IMG_0002.JPG"])
    }

    @Test func assetLookUpByIdentifier() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let added = try library.add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        #expect(try library.asset(for: added[0].localIdentifier) == added[0])
        // Identifiers match exactly, as PHAsset's do: a lowercased UUID is another (unknown) identifier.
        #expect(try library.asset(for: added[0].localIdentifier.lowercased()) == nil)
        #expect(try library.asset(for: "01234567-89AB-4CDE-8F01-23456789ABCD/L0/001") == nil)
        #expect(try library.asset(for: "not an identifier") == nil)
    }

    @Test func aReopenedLibraryKeepsItsAssetsAndCounter() throws {
        let sandbox = try MediaSandbox()
        let first = try sandbox.open(seed: 1).add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        let reopened = try sandbox.open(seed: 2)
        #expect(try reopened.assets() == first)
        let next = try reopened.add([MediaSource(path: "b.jpg", data: try sandbox.jpeg(width: 8, height: 8))])
        #expect(next.first?.fileName == "IMG_0002.JPG")
    }

    @Test func namesAreNeverReusedAfterRemoval() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let data = try sandbox.jpeg(width: 8, height: 8)
        let added = try library.add([MediaSource(path: "a.jpg", data: data), MediaSource(path: "b.jpg", data: data)])
        _ = try library.remove(localIdentifiers: added.map(\.localIdentifier))
        #expect(try sandbox.open().add([MediaSource(path: "c.jpg", data: data)]).first?.fileName == "IMG_0003.JPG")
    }

    @Test func aRepeatedIdentifierIsDrawnAgain() throws {
        let sandbox = try MediaSandbox()
        let data = try sandbox.jpeg(width: 8, height: 8)
        // Same seed: the second library's first draw is the first library's identifier.
        let first = try sandbox.open(seed: 7).add([MediaSource(path: "a.jpg", data: data)])
        let second = try sandbox.open(seed: 7).add([MediaSource(path: "b.jpg", data: data)])
        #expect(first[0].localIdentifier != second[0].localIdentifier)
        let otherSandbox = try MediaSandbox()
        let replay = try otherSandbox.open(seed: 7).add([MediaSource(path: "a.jpg", data: data)])
        #expect(replay[0].localIdentifier == first[0].localIdentifier)
    }

    @Test func theCounterStopsAtIMG9999() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let database = try SQLiteDatabase(path: sandbox.mediaFolder + "/PhotoData/Photos.sqlite")
        try database.run("UPDATE ZCAMERAROLLCOUNTER SET ZNEXTNUMBER = 9998")
        let data = try sandbox.jpeg(width: 8, height: 8)
        let three = (0..<3).map { MediaSource(path: "p\($0).jpg", data: data) }
        #expect(throws: MediaLibraryError.libraryFull(lastFileName: "IMG_9999.JPG")) { try library.add(three) }
        #expect(try library.assets().isEmpty)
        #expect(try library.add(Array(three.prefix(2))).map(\.fileName) == ["IMG_9998.JPG", "IMG_9999.JPG"])
        #expect(throws: MediaLibraryError.libraryFull(lastFileName: "IMG_9999.JPG")) { try library.add([three[2]]) }
        #expect(try library.checkInvariants().isEmpty)
    }
}

extension MediaSource {
    func renamed(_ path: String) -> MediaSource { data.map { MediaSource(path: path, data: $0) } ?? MediaSource(filePath: path) }
}
