import Core
import Foundation
import Testing

@Suite struct ImageLimitsTests {
    static let huge = 65_500

    /// A small real JPEG whose SOF0 header is patched to claim 65,500 x 65,500 pixels.
    static func hugeJPEG() -> Data {
        var data = TestImages.jpeg(TestImages.quadrants(width: 160, height: 120))
        let frame = data.firstRange(of: Data([0xFF, 0xC0]))!.lowerBound
        // SOF0: marker (2), length (2), precision (1), height (2), width (2).
        let size: [UInt8] = [UInt8(huge >> 8), UInt8(huge & 0xFF)]
        data.replaceSubrange((frame + 5)..<(frame + 7), with: size)
        data.replaceSubrange((frame + 7)..<(frame + 9), with: size)
        return data
    }

    /// A small real PNG whose IHDR claims 65,500 x 65,500 pixels, with its CRC fixed up.
    static func hugePNG() -> Data {
        var bytes = [UInt8](TestImages.png(TestImages.quadrants(width: 160, height: 120)))
        // Signature (8), IHDR length (4), "IHDR" (4), width (4) at 16, height (4) at 20, ..., CRC at 29.
        let size: [UInt8] = [0, 0, UInt8(huge >> 8), UInt8(huge & 0xFF)]
        bytes.replaceSubrange(16..<20, with: size)
        bytes.replaceSubrange(20..<24, with: size)
        let crc = TestImages.crc32(bytes[12..<29])
        bytes.replaceSubrange(29..<33, with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) })
        return Data(bytes)
    }

    /// The GIF fixture whose logical screen claims 65,500 x 65,500 pixels.
    static func hugeGIF() -> Data {
        GIFTests.withScreen(try! GIFTests.animated(), width: huge, height: huge)
    }

    static let hugeFiles: [(format: String, data: Data)] = [
        ("JPEG", hugeJPEG()), ("PNG", hugePNG()), ("GIF", hugeGIF()),
    ]

    @Test(arguments: hugeFiles)
    func hugeHeaderIsRefusedBeforeAnyPixelIsAllocated(file: (format: String, data: Data)) throws {
        #expect(file.data.count < 10_000)
        let info = try ImageProbe.probe(file.data)
        #expect(info.pixelWidth == Self.huge && info.pixelHeight == Self.huge)

        let ledger = MemoryLedger()
        let expected = ImageError.tooLarge(width: Self.huge, height: Self.huge, limitPixels: ImageLimits.defaultMaximumPixelCount)
        #expect(throws: expected) { try ImageDecoder(meter: ledger).decode(file.data) }
        #expect(throws: expected) {
            try Thumbnailer(meter: ledger).thumbnail(of: file.data, size: ThumbnailSize(points: 52, scale: 3), mode: .aspectFit)
        }
        #expect(ledger.peakTotalBytes == 0)
    }

    @Test func aLowerLimitRefusesOrdinaryImages() {
        let data = TestImages.jpeg(TestImages.quadrants(width: 64, height: 48))
        let limits = ImageLimits(maximumPixelCount: 64 * 48 - 1)
        #expect(throws: ImageError.tooLarge(width: 64, height: 48, limitPixels: 64 * 48 - 1)) {
            try ImageDecoder(limits: limits).decode(data)
        }
        #expect(throws: Never.self) { try ImageDecoder(limits: ImageLimits(maximumPixelCount: 64 * 48)).decode(data) }
    }

    @Test func overflowingSizesAreTooLarge() {
        #expect(throws: ImageError.tooLarge(width: Int.max, height: 2, limitPixels: 10)) {
            try ImageLimits(maximumPixelCount: 10).check(width: Int.max, height: 2)
        }
    }

    @Test func messageSaysTheSizeAndTheLimit() {
        let message = ImageError.tooLarge(width: Self.huge, height: Self.huge, limitPixels: 100_000_000).description
        #expect(message.contains("65500x65500") && message.contains("100000000"))
    }
}
