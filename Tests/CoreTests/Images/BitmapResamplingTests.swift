@testable import Core
import Foundation
import Testing

@Suite struct BitmapResamplingTests {
    static let flatCases: [(format: PixelFormat, colour: [UInt8])] = [
        (.gray, [77]), (.rgb, [200, 100, 50]), (.rgba, [10, 250, 128, 200]),
    ]

    /// A flat colour stays exactly that colour at any ratio, including fractional ones.
    @Test(arguments: flatCases, [(504, 378, 156, 117), (100, 100, 7, 3), (33, 17, 32, 16)])
    func flatColourIsPreservedExactly(sample: (format: PixelFormat, colour: [UInt8]), sizes: (Int, Int, Int, Int)) {
        let source = TestImages.flat(width: sizes.0, height: sizes.1, format: sample.format, colour: sample.colour)
        let small = source.resampled(toWidth: sizes.2, height: sizes.3)
        #expect(small.width == sizes.2 && small.height == sizes.3 && small.format == sample.format)
        #expect(small.maximumDeviation(from: sample.colour) == 0)
    }

    @Test func halvingAveragesEachTwoByTwoBlock() {
        let source = TestImages.bitmap(width: 4, height: 2, format: .gray) { x, y in [UInt8(x * 40 + y * 20)] }
        // Blocks: (0, 40, 20, 60) -> 30 and (80, 120, 100, 140) -> 110.
        #expect(source.resampled(toWidth: 2, height: 1).pixels == [30, 110])
    }

    /// Three pixels into two: each output covers one and a half source pixels.
    @Test func fractionalCoverageIsWeighted() {
        let source = TestImages.bitmap(width: 3, height: 1, format: .gray) { x, _ in [UInt8(x * 90)] }
        // (0 x 1 + 90 x 0.5) / 1.5 = 30 and (90 x 0.5 + 180 x 1) / 1.5 = 150.
        #expect(source.resampled(toWidth: 2, height: 1).pixels == [30, 150])
    }

    @Test func transparentPixelsDoNotBleedTheirColour() {
        let source = TestImages.bitmap(width: 2, height: 1, format: .rgba) { x, _ in
            x == 0 ? [255, 0, 0, 0] : [0, 0, 255, 255]
        }
        #expect(source.resampled(toWidth: 1, height: 1).pixels == [0, 0, 255, 128])
    }

    @Test func regionSelectsTheSourceArea() {
        let source = TestImages.quadrants(width: 8, height: 8)
        let topRight = source.resampled(toWidth: 2, height: 2, from: PixelRect(x: 4, y: 0, width: 4, height: 4))
        #expect(topRight.maximumDeviation(from: [0, 255, 0]) == 0)
    }

    @Test(arguments: [(5, 1), (7, 3), (504, 156), (4032, 156), (10, 10)])
    func weightsOfEveryOutputPixelAddUpToOne(lengths: (source: Int, output: Int)) {
        let axis = AreaFilterAxis(sourceStart: 3, sourceLength: lengths.source, outputLength: lengths.output)
        for output in 0..<lengths.output {
            let taps = axis.weights[(output * axis.maximumTaps)..<(output * axis.maximumTaps + axis.tapCounts[output])]
            #expect(taps.reduce(0, +) == 1 << AreaFilter.weightBits)
            #expect(axis.starts[output] >= 3 && axis.starts[output] + axis.tapCounts[output] <= 3 + lengths.source)
        }
    }

    @Test(arguments: [
        (4032, 3024, 4, 3, PixelRect(x: 0, y: 0, width: 4032, height: 3024)),
        (4032, 3024, 1, 1, PixelRect(x: 504, y: 0, width: 3024, height: 3024)),
        (3024, 4032, 1, 1, PixelRect(x: 0, y: 504, width: 3024, height: 3024)),
        (4032, 3024, 16, 9, PixelRect(x: 0, y: 378, width: 4032, height: 2268)),
        (3, 1000, 1, 1, PixelRect(x: 0, y: 498, width: 3, height: 3)),
    ])
    func centredCropHasTheBoxShape(sample: (Int, Int, Int, Int, PixelRect)) {
        #expect(PixelRect.centredCrop(width: sample.0, height: sample.1, aspectWidth: sample.2, aspectHeight: sample.3) == sample.4)
    }

    /// A region resampled to its own size (the picker's square crop) is exactly its pixels.
    @Test(arguments: [PixelFormat.gray, .rgb], [PixelRect(x: 3, y: 2, width: 5, height: 4), PixelRect(x: 0, y: 0, width: 9, height: 7)])
    func regionOfTheOutputSizeIsAnExactCrop(format: PixelFormat, region: PixelRect) {
        let source = TestImages.bitmap(width: 9, height: 7, format: format) { x, y in
            (0..<format.bytesPerPixel).map { UInt8(truncatingIfNeeded: x * 29 + y * 53 + $0 * 101) }
        }
        let crop = source.resampled(toWidth: region.width, height: region.height, from: region)
        var expected: [UInt8] = []
        for y in region.y..<(region.y + region.height) {
            let start = (y * source.width + region.x) * format.bytesPerPixel
            expected += source.pixels[start..<(start + region.width * format.bytesPerPixel)]
        }
        #expect(crop.width == region.width && crop.height == region.height && crop.pixels == expected)
    }

    /// RGBA is averaged premultiplied even for a crop: a fully transparent pixel keeps no colour.
    @Test func cropOfRGBAClearsTheColourOfTransparentPixels() {
        let source = TestImages.bitmap(width: 2, height: 1, format: .rgba) { x, _ in x == 0 ? [255, 0, 0, 0] : [1, 2, 3, 255] }
        #expect(source.resampled(toWidth: 2, height: 1).pixels == [0, 0, 0, 0, 1, 2, 3, 255])
    }

    @Test func resampledBitmapsReportToTheSameMeter() {
        let ledger = MemoryLedger()
        let source = Bitmap(width: 8, height: 8, format: .rgb, pixels: [UInt8](repeating: 9, count: 192), meter: ledger)
        let small = source.resampled(toWidth: 2, height: 2)
        #expect(ledger.totalBytes == source.byteCount + small.byteCount)
    }
}
