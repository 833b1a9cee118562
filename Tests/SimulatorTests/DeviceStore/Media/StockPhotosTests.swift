import Core
import Foundation
@testable import DeviceStore
@testable import World
import Testing

@Suite struct StockPhotosTests {
    @Test func aNewDeviceGetsSixPhotosOfSeveralShapes() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let stock = try library.addStockPhotos()
        #expect(stock.map(\.fileName) == (1...6).map { String(format: "IMG_%04d.JPG", $0) })
        #expect(stock.map(\.originalFilename) == ["Sky.jpg", "Sunset.jpg", "Tower.jpg", "Tiles.jpg", "Dawn.jpg", "Meadow.jpg"])
        #expect(stock.contains { $0.pixelHeight > $0.pixelWidth })
        #expect(stock.contains { $0.pixelHeight == $0.pixelWidth })
        #expect(Set(stock.map { "\($0.pixelWidth)x\($0.pixelHeight)" }).count >= 4)
        #expect(stock.allSatisfy { $0.uniformTypeIdentifier == "public.jpeg" && $0.latitude == nil })
        #expect(try library.assets() == stock)
        #expect(try library.checkInvariants().isEmpty)
    }

    @Test func creationDatesAreFixed() throws {
        let sandbox = try MediaSandbox()
        let stock = try sandbox.open().addStockPhotos()
        let formatter = ISO8601DateFormatter()
        #expect(stock.map { formatter.string(from: $0.creationDate) } == [
            "2024-05-01T09:00:00Z", "2024-05-02T10:00:00Z", "2024-05-03T11:00:00Z",
            "2024-05-04T12:00:00Z", "2024-05-05T13:00:00Z", "2024-05-06T14:00:00Z",
        ])
    }

    @Test func theSameSeedGivesTheSameBytesAndIdentifiers() throws {
        let first = try MediaSandbox(), second = try MediaSandbox(), third = try MediaSandbox()
        let one = try first.open(seed: 42).addStockPhotos()
        let two = try second.open(seed: 42).addStockPhotos()
        let other = try third.open(seed: 43).addStockPhotos()
        #expect(one == two)
        #expect(Set(one.map(\.localIdentifier)).isDisjoint(with: other.map(\.localIdentifier)))
        for asset in one {
            let bytes = try first.fileSystem.contents(of: first.mediaFolder + "/" + asset.path)
            #expect(bytes == (try second.fileSystem.contents(of: second.mediaFolder + "/" + asset.path)))
            #expect(bytes == (try third.fileSystem.contents(of: third.mediaFolder + "/" + asset.path)))
        }
    }

    @Test func stockPhotosDecodeAsRealJPEGs() throws {
        for photo in try StockPhotos.make() {
            let data = try #require(photo.data)
            let info = try ImageProbe.probe(data)
            #expect(info.format == .jpeg)
            #expect(data.count > 2_000)  // a real picture, not a stub
        }
    }
}

@Suite struct StockPhotoCanvasTests {
    @Test func fillPaintsTheClippedSpanOnly() {
        var canvas = StockPhotoCanvas(width: 5, height: 2)
        canvas.fill(row: 1, columns: 3..<9, with: RGB(1, 2, 3))
        #expect(Array(canvas.pixels[15...]) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 1, 2, 3])
        #expect(canvas.pixels[..<15].allSatisfy { $0 == 0 })
    }

    @Test func diagonalRowsShiftByOnePixel() {
        var canvas = StockPhotoCanvas(width: 2, height: 2)
        canvas.drawDiagonal([RGB(1, 1, 1), RGB(2, 2, 2), RGB(3, 3, 3)])
        #expect(canvas.pixels == [1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3])
    }

    @Test func blendsAreExactAtTheEnds() {
        #expect(RGB(0, 100, 255).blended(to: RGB(255, 0, 0), 0, of: 4) == RGB(0, 100, 255))
        #expect(RGB(0, 100, 255).blended(to: RGB(255, 0, 0), 4, of: 4) == RGB(255, 0, 0))
        #expect(RGB(0, 100, 200).blended(to: RGB(100, 0, 0), 1, of: 2) == RGB(50, 50, 100))
    }
}
