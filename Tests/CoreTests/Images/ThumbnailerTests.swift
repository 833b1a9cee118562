@testable import Core
import Foundation
import Testing

@Suite struct ThumbnailerTests {
    struct SizeCase: CustomTestStringConvertible, Sendable {
        let stored: (width: Int, height: Int)
        let orientation: UInt16
        let size: ThumbnailSize
        let mode: ThumbnailMode
        let expected: (width: Int, height: Int)

        var testDescription: String {
            "\(stored.width)x\(stored.height) orientation \(orientation) \(mode) in \(size) -> \(expected.width)x\(expected.height)"
        }
    }

    static let cell2x = ThumbnailSize(points: 52, scale: 2), cell3x = ThumbnailSize(points: 52, scale: 3)
    static let banner = ThumbnailSize(widthPoints: 100, heightPoints: 50, scale: 2)

    static let sizeCases: [SizeCase] = [
        // Landscape, portrait, square; orientation 6 stores a landscape that displays portrait.
        SizeCase(stored: (800, 600), orientation: 1, size: cell2x, mode: .aspectFit, expected: (104, 78)),
        SizeCase(stored: (600, 800), orientation: 1, size: cell2x, mode: .aspectFit, expected: (78, 104)),
        SizeCase(stored: (500, 500), orientation: 1, size: cell2x, mode: .aspectFit, expected: (104, 104)),
        SizeCase(stored: (800, 600), orientation: 6, size: cell2x, mode: .aspectFit, expected: (78, 104)),
        SizeCase(stored: (800, 600), orientation: 1, size: cell3x, mode: .aspectFit, expected: (156, 117)),
        SizeCase(stored: (600, 800), orientation: 1, size: cell3x, mode: .aspectFit, expected: (117, 156)),
        SizeCase(stored: (500, 500), orientation: 1, size: cell3x, mode: .aspectFit, expected: (156, 156)),
        SizeCase(stored: (800, 600), orientation: 6, size: cell3x, mode: .aspectFit, expected: (117, 156)),
        SizeCase(stored: (800, 600), orientation: 1, size: cell2x, mode: .aspectFill, expected: (104, 104)),
        SizeCase(stored: (600, 800), orientation: 1, size: cell2x, mode: .aspectFill, expected: (104, 104)),
        SizeCase(stored: (500, 500), orientation: 1, size: cell3x, mode: .aspectFill, expected: (156, 156)),
        SizeCase(stored: (800, 600), orientation: 8, size: cell3x, mode: .aspectFill, expected: (156, 156)),
        // A box that is not square, and images smaller than the box (never enlarged).
        SizeCase(stored: (800, 600), orientation: 1, size: banner, mode: .aspectFit, expected: (133, 100)),
        SizeCase(stored: (800, 600), orientation: 1, size: banner, mode: .aspectFill, expected: (200, 100)),
        SizeCase(stored: (800, 600), orientation: 6, size: banner, mode: .aspectFit, expected: (75, 100)),
        SizeCase(stored: (800, 600), orientation: 6, size: banner, mode: .aspectFill, expected: (200, 100)),
        SizeCase(stored: (80, 60), orientation: 1, size: cell3x, mode: .aspectFit, expected: (80, 60)),
        SizeCase(stored: (80, 60), orientation: 1, size: cell3x, mode: .aspectFill, expected: (60, 60)),
    ]

    @Test(arguments: sizeCases)
    func thumbnailSize(sample: SizeCase) throws {
        let jpeg = TestImages.withEXIFOrientation(
            TestImages.jpeg(TestImages.quadrants(width: sample.stored.width, height: sample.stored.height)), sample.orientation)
        let thumbnail = try Thumbnailer().thumbnail(of: jpeg, size: sample.size, mode: sample.mode)
        #expect(thumbnail.width == sample.expected.width && thumbnail.height == sample.expected.height)

        let png = TestImages.png(TestImages.quadrants(width: sample.stored.width, height: sample.stored.height))
        if sample.orientation == 1 {
            let fromPNG = try Thumbnailer().thumbnail(of: png, size: sample.size, mode: sample.mode)
            #expect(fromPNG.width == sample.expected.width && fromPNG.height == sample.expected.height)
        }
    }

    @Test func thumbnailIsUprightAndFillCropsTheMiddle() throws {
        // Stored 800x600 with orientation 6: displayed, the stored bottom-left (blue) is top-left.
        let data = TestImages.withEXIFOrientation(TestImages.jpeg(TestImages.quadrants(width: 800, height: 600)), 6)
        for mode in ThumbnailMode.allCases {
            let thumbnail = try Thumbnailer().thumbnail(of: data, size: Self.cell3x, mode: mode)
            #expect(Quadrant.nearest(to: thumbnail.pixel(x: 5, y: 5)) == Quadrant(left: true, top: false))
            #expect(Quadrant.nearest(to: thumbnail.pixel(x: thumbnail.width - 6, y: 5)) == Quadrant(left: true, top: true))
        }
    }

    @Test(arguments: [(156, ThumbnailMode.aspectFit, "1/8"), (156, .aspectFill, "1/8"), (1_000, .aspectFit, "1/4"),
                      (2_000, .aspectFit, "1/2"), (3_500, .aspectFit, "7/8"), (5_000, .aspectFit, "1/1")])
    func decodesAtTheSmallestDCTScaleThatCoversTheBox(box: Int, mode: ThumbnailMode, scale: String) {
        let plan = ThumbnailPlan(storedWidth: 4032, storedHeight: 3024, orientation: .up,
                                 size: ThumbnailSize(points: box, scale: 1), mode: mode)
        #expect(plan.decodeScale(from: TurboJPEGDecompressor.Scale.downscaling).description == scale)
    }

    /// A 12 MP JPEG's 156 px thumbnail never holds the 36 MB full-size bitmap.
    @Test func twelveMegapixelThumbnailPeaksFarBelowFullSize() throws {
        let data = TestImages.jpeg(TestImages.quadrants(width: 4032, height: 3024), quality: 50)
        let ledger = MemoryLedger()
        let thumbnail = try Thumbnailer(meter: ledger).thumbnail(of: data, size: Self.cell3x, mode: .aspectFit)
        #expect(thumbnail.width == 156 && thumbnail.height == 117)
        // Decoded at 1/8 (504 x 378 RGB) plus the thumbnail itself.
        #expect(ledger.peakTotalBytes == 504 * 378 * 3 + 156 * 117 * 3)
        #expect(ledger.peakTotalBytes < 4032 * 3024 * 3 / 50)
    }

    @Test(arguments: ThumbnailMode.allCases)
    func flatColourSurvivesFiltering(mode: ThumbnailMode) throws {
        let colour: [UInt8] = [200, 100, 50]
        let data = TestImages.jpeg(TestImages.flat(width: 640, height: 480, colour: colour), quality: 95)
        let thumbnail = try Thumbnailer().thumbnail(of: data, size: Self.cell3x, mode: mode)
        #expect(thumbnail.maximumDeviation(from: colour) <= 3)
    }

    @Test func pngKeepsItsAlpha() throws {
        let data = TestImages.png(TestImages.flat(width: 400, height: 300, format: .rgba, colour: [0, 128, 255, 64]))
        let thumbnail = try Thumbnailer().thumbnail(of: data, size: Self.cell3x, mode: .aspectFit)
        #expect(thumbnail.format == .rgba && thumbnail.width == 156 && thumbnail.height == 117)
        #expect(thumbnail.maximumDeviation(from: [0, 128, 255, 64]) == 0)
    }

    @Test func grayscaleStaysGray() throws {
        let thumbnail = try Thumbnailer().thumbnail(of: try Fixtures.data("coldripple_gray_400x250.jpg"),
                                                    size: Self.cell2x, mode: .aspectFit)
        #expect(thumbnail.format == .gray && thumbnail.width == 104 && thumbnail.height == 65)
    }

    @Test func thumbnailJPEGIsAnEncodedThumbnail() throws {
        let data = TestImages.jpeg(TestImages.quadrants(width: 800, height: 600))
        let encoded = try Thumbnailer().thumbnailJPEG(of: data, size: Self.cell3x, mode: .aspectFill, quality: 50)
        let info = try ImageProbe.probe(encoded)
        #expect(info.format == .jpeg && info.pixelWidth == 156 && info.pixelHeight == 156)
    }

    @Test func truncatedJPEGIsRefusedHereToo() {
        let data = TestImages.jpeg(TestImages.quadrants(width: 800, height: 600))
        #expect(throws: ImageError.truncated(format: "JPEG")) {
            try Thumbnailer().thumbnail(of: data.prefix(data.count / 2), size: Self.cell3x, mode: .aspectFit)
        }
    }
}
