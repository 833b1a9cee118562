@testable import Core
import Foundation
import Testing

/// GIF through giflib: the first frame on the logical screen, transparency, limits and cut files.
@Suite struct GIFTests {
    /// Two frames: the photo crop with a transparent 16x16 top-left square, then flat red.
    static func animated() throws -> Data { try Fixtures.data("rgb_reference_96x64.gif") }

    /// `data` with its logical screen (little-endian width and height at offset 6) set.
    static func withScreen(_ data: Data, width: Int, height: Int) -> Data {
        var patched = data
        let size = [width, height].flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        patched.replaceSubrange((patched.startIndex + 6)..<(patched.startIndex + 10), with: size)
        return patched
    }

    static let palette: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]

    @Test func probeReadsTheScreenSizeAndTransparency() throws {
        let info = try ImageProbe.probe(try Self.animated())
        #expect(info == ImageInfo(format: .gif, pixelWidth: 96, pixelHeight: 64, orientation: .up, exif: nil, hasAlpha: true))
    }

    @Test func decodesTheFirstFrameWithItsTransparentSquare() throws {
        let bitmap = try ImageDecoder().decode(try Self.animated())
        #expect(bitmap.width == 96 && bitmap.height == 64 && bitmap.format == .rgba)
        #expect(Array(bitmap.pixel(x: 0, y: 0)) == [0, 0, 0, 0])
        #expect(bitmap.pixel(x: 15, y: 15).last == 0)
        #expect(bitmap.pixel(x: 16, y: 16).last == 255)

        // Outside the square: the photo in 63 colours, not the red second frame.
        let source = try ImageDecoder().decode(try Fixtures.data("rgb_reference_96x64.jpg"))
        var total = 0, count = 0
        for y in 0..<64 {
            for x in 0..<96 where x >= 16 || y >= 16 {
                let gif = bitmap.pixel(x: x, y: y), jpeg = source.pixel(x: x, y: y)
                total += (0..<3).map { abs(Int(gif[gif.startIndex + $0]) - Int(jpeg[jpeg.startIndex + $0])) }.reduce(0, +)
                count += 3
            }
        }
        #expect(Double(total) / Double(count) < 8)
    }

    @Test func screenLargerThanTheFrameIsTransparentAroundIt() throws {
        let data = Self.withScreen(try Self.animated(), width: 100, height: 70)
        let bitmap = try ImageDecoder().decode(data)
        #expect(bitmap.width == 100 && bitmap.height == 70 && bitmap.format == .rgba)
        #expect(Array(bitmap.pixel(x: 99, y: 69)) == [0, 0, 0, 0])
        #expect(Array(bitmap.pixel(x: 50, y: 65)) == [0, 0, 0, 0])
        #expect(bitmap.pixel(x: 95, y: 63).last == 255)
    }

    @Test func opaqueFullFrameDecodesToRGB() throws {
        let data = TestGIFs.gif(screenWidth: 8, screenHeight: 4, palette: Self.palette, frames: [
            .init(width: 8, height: 4, index: { x, y in UInt8((x / 4) + 2 * (y / 2)) }),
        ])
        #expect(try ImageProbe.probe(data).hasAlpha == false)
        let bitmap = try ImageDecoder().decode(data)
        #expect(bitmap.format == .rgb && bitmap.width == 8 && bitmap.height == 4)
        #expect(Array(bitmap.pixel(x: 0, y: 0)) == [255, 0, 0])
        #expect(Array(bitmap.pixel(x: 7, y: 0)) == [0, 255, 0])
        #expect(Array(bitmap.pixel(x: 0, y: 3)) == [0, 0, 255])
        #expect(Array(bitmap.pixel(x: 7, y: 3)) == [255, 255, 255])
    }

    /// Interlaced rows come in four passes; each row must land where it belongs.
    @Test(arguments: [1, 2, 5, 9, 17])
    func interlacedRowsLandInPlace(height: Int) throws {
        let data = TestGIFs.gif(screenWidth: 3, screenHeight: height, palette: Self.palette, frames: [
            .init(width: 3, height: height, interlaced: true, index: { _, y in UInt8(y % 4) }),
        ])
        let bitmap = try ImageDecoder().decode(data)
        for y in 0..<height {
            #expect(Array(bitmap.pixel(x: 1, y: y)) == Self.palette[y % 4], "row \(y)")
        }
    }

    @Test func frameOffsetOnTheScreenIsDrawnThere() throws {
        let data = TestGIFs.gif(screenWidth: 6, screenHeight: 6, palette: Self.palette, frames: [
            .init(left: 2, top: 3, width: 2, height: 2, index: { _, _ in 1 }),
        ])
        let bitmap = try ImageDecoder().decode(data)
        #expect(bitmap.format == .rgba)
        #expect(Array(bitmap.pixel(x: 2, y: 3)) == [0, 255, 0, 255])
        #expect(Array(bitmap.pixel(x: 3, y: 4)) == [0, 255, 0, 255])
        #expect(Array(bitmap.pixel(x: 1, y: 3)) == [0, 0, 0, 0])
        #expect(Array(bitmap.pixel(x: 2, y: 5)) == [0, 0, 0, 0])
    }

    @Test func thumbnailAveragesTheFirstFrame() throws {
        let thumbnail = try Thumbnailer().thumbnail(of: try Self.animated(), size: ThumbnailSize(points: 24, scale: 1),
                                                    mode: .aspectFit)
        #expect(thumbnail.width == 24 && thumbnail.height == 16 && thumbnail.format == .rgba)
        #expect(thumbnail.pixel(x: 0, y: 0).last == 0, "the transparent corner stays transparent")
        #expect(thumbnail.pixel(x: 20, y: 12).last == 255)
    }

    @Test func hugeFirstFrameOnASmallScreenIsRefusedBeforeDecoding() throws {
        var data = try Self.animated()
        // The first image descriptor: ',' then left, top, width, height (little-endian).
        let descriptor = try #require(data.firstRange(of: Data([0x2C, 0, 0, 0, 0, 96, 0, 64, 0]))).lowerBound
        data.replaceSubrange((descriptor + 5)..<(descriptor + 9), with: [0xDC, 0xFF, 0xDC, 0xFF])
        let ledger = MemoryLedger()
        #expect(throws: ImageError.tooLarge(width: 65_500, height: 65_500, limitPixels: ImageLimits.defaultMaximumPixelCount)) {
            try ImageDecoder(meter: ledger).decode(data)
        }
        #expect(ledger.peakTotalBytes == 0)
    }

    /// Where a GIF is cut: inside its header, inside the first frame, inside the second, before the trailer.
    static let cuts: [(name: String, length: @Sendable (Data) -> Int)] = [
        ("inside the screen descriptor", { _ in 9 }),
        ("inside the global colour table", { _ in 40 }),
        ("inside the first frame", { $0.count / 3 }),
        ("inside the second frame", { $0.count - 20 }),
        ("without the trailer", { $0.count - 1 }),
    ]

    @Test(arguments: cuts.indices)
    func cutGIFIsTruncated(cut: Int) throws {
        let whole = try Self.animated()
        let data = whole.prefix(Self.cuts[cut].length(whole))
        #expect(throws: ImageError.truncated(format: "GIF"), "decode") { try ImageDecoder().decode(data) }
        #expect(throws: ImageError.truncated(format: "GIF"), "thumbnail") {
            try Thumbnailer().thumbnail(of: data, size: ThumbnailSize(points: 8, scale: 1), mode: .aspectFit)
        }
    }
}
