@testable import Core
import Foundation
import Testing

@Suite struct ImageDecoderTests {
    @Test(arguments: [false, true])
    func decodesBaselineAndProgressiveJPEG(progressive: Bool) throws {
        let data = TestImages.jpeg(TestImages.quadrants(width: 64, height: 48), progressive: progressive)
        let bitmap = try ImageDecoder().decode(data)
        #expect(bitmap.width == 64 && bitmap.height == 48 && bitmap.format == .rgb)
        #expect(Quadrant.nearest(to: bitmap.pixel(x: 8, y: 8)) == Quadrant(left: true, top: true))
        #expect(Quadrant.nearest(to: bitmap.pixel(x: 56, y: 40)) == Quadrant(left: false, top: false))
    }

    @Test func grayscaleJPEGDecodesToGray() throws {
        let bitmap = try ImageDecoder().decode(try Fixtures.data("coldripple_gray_400x250.jpg"))
        #expect(bitmap.format == .gray)
        #expect(bitmap.width == 400 && bitmap.height == 250 && bitmap.byteCount == 400 * 250)
    }

    /// A real Adobe CMYK JPEG (ImageMagick, inverted values) must match the RGB version of the
    /// same crop, not come out as a negative.
    @Test func adobeCMYKJPEGDecodesToTheRGBColours() throws {
        let cmyk = try ImageDecoder().decode(try Fixtures.data("cmyk_adobe_96x64.jpg"))
        let reference = try ImageDecoder().decode(try Fixtures.data("rgb_reference_96x64.jpg"))
        #expect(cmyk.format == .rgb && cmyk.width == 96 && cmyk.height == 64)
        let meanDifference = zip(cmyk.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +)
        #expect(Double(meanDifference) / Double(cmyk.byteCount) < 3)
    }

    @Test func libjpegCMYKWithItsAdobeSegmentIsReadAsInverted() throws {
        // Orange (255, 128, 0) in inverted CMYK: stored 255 - ink, ink = (0, 127, 255, 0).
        let pixel: [UInt8] = [255, 128, 0, 255]
        let data = TestImages.cmykJPEG(width: 16, height: 16, cmyk: (0..<256).flatMap { _ in pixel })
        #expect(JPEGSegments.hasAdobeSegment(data))
        let bitmap = try ImageDecoder().decode(data)
        #expect(bitmap.format == .rgb)
        #expect(bitmap.maximumDeviation(from: [255, 128, 0]) <= 3)
    }

    @Test(arguments: [PixelFormat.rgb, .rgba, .gray])
    func decodesPNGKeepingAlphaOnlyWhenPresent(format: PixelFormat) throws {
        let colour: [UInt8] = Array([200, 100, 50, 128].prefix(format.bytesPerPixel))
        let data = TestImages.png(TestImages.flat(width: 20, height: 10, format: format, colour: colour))
        let bitmap = try ImageDecoder().decode(data)
        #expect(bitmap.format == format && bitmap.width == 20 && bitmap.height == 10)
        #expect(bitmap.maximumDeviation(from: colour) == 0)
    }

    /// Untagged 16-bit PNGs are sRGB to every viewer: mid-grey 0x8080 must stay 128, not turn 186.
    @Test func untagged16BitPNGIsReadAsSRGB() throws {
        let row = [UInt8](repeating: 0x80, count: 4 * 3 * 2)
        let data = TestImages.handMadePNG(width: 4, height: 2, bitDepth: 16, colourType: 2, rows: [row, row])
        let bitmap = try ImageDecoder().decode(data)
        #expect(bitmap.format == .rgb && bitmap.width == 4 && bitmap.height == 2)
        #expect(bitmap.maximumDeviation(from: [128, 128, 128]) == 0)
    }

    @Test func tinyOrientationSixFixtureDecodesUpright() throws {
        let data = try Fixtures.data("tiny_orient6.jpg")
        let upright = try ImageDecoder().decode(data)
        #expect(upright.width == 120 && upright.height == 160)
        let stored = try ImageDecoder().decode(data, applyingOrientation: false)
        #expect(stored.width == 160 && stored.height == 120)
        #expect(upright.pixel(x: 119, y: 0) == stored.pixel(x: 0, y: 0))
    }

    @Test func bitmapsReportToTheMeter() throws {
        let ledger = MemoryLedger()
        do {
            let bitmap = try ImageDecoder(meter: ledger).decode(TestImages.jpeg(TestImages.quadrants(width: 32, height: 16)))
            #expect(ledger.totalBytes == bitmap.byteCount)
        }
        #expect(ledger.totalBytes == 0)
        #expect(ledger.peakTotalBytes == 32 * 16 * 3)
    }
}

@Suite struct ImageDecoderFailureTests {
    static let unsupported: [(name: String, bytes: [UInt8], detected: String)] = [
        ("WebP", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 0, count: 12), "WebP image"),
        ("AVIF", [0, 0, 0, 24] + Array("ftypavif".utf8) + [UInt8](repeating: 0, count: 12), "AVIF image"),
        ("text", Array("Dear diary, today I took a photo.\n".utf8), "text"),
    ]

    @Test(arguments: unsupported)
    func unsupportedDataIsNamed(sample: (name: String, bytes: [UInt8], detected: String)) {
        #expect(throws: ImageError.unsupportedFormat(detected: sample.detected)) {
            try ImageDecoder().decode(Data(sample.bytes))
        }
        let message = ImageError.unsupportedFormat(detected: sample.detected).description
        #expect(message.contains(sample.detected) && message.hasSuffix("supported formats are JPEG, PNG, HEIC and GIF"))
    }

    @Test func emptyDataIsEmpty() {
        #expect(throws: ImageError.empty) { try ImageDecoder().decode(Data()) }
        #expect(ImageError.empty.description.hasSuffix("supported formats are JPEG, PNG, HEIC and GIF"))
    }

    /// The policy: a JPEG cut short is refused, not shown with a grey bottom half.
    @Test(arguments: [false, true])
    func jpegCutInHalfIsTruncated(progressive: Bool) {
        let whole = TestImages.jpeg(TestImages.quadrants(width: 256, height: 192), progressive: progressive)
        let ledger = MemoryLedger()
        #expect(throws: ImageError.truncated(format: "JPEG")) {
            try ImageDecoder(meter: ledger).decode(whole.prefix(whole.count / 2))
        }
        #expect(ledger.peakTotalBytes == 0)
    }

    /// libjpeg keeps only its first warning's text: stray bytes between two scans (tolerated, as
    /// viewers do) must not hide that the same file also stops early.
    @Test func jpegWithStrayBytesAndCutShortIsStillTruncated() throws {
        var whole = TestImages.jpeg(TestImages.quadrants(width: 256, height: 192), progressive: true)
        let firstScan = try #require(whole.firstRange(of: Data([0xFF, 0xDA]))).upperBound
        let secondScan = try #require(whole[firstScan...].firstRange(of: Data([0xFF, 0xDA]))).lowerBound
        whole.insert(contentsOf: [0x00, 0x01, 0x02], at: secondScan)
        let stray = try ImageDecoder().decode(whole)
        #expect(stray.width == 256 && stray.height == 192, "stray bytes alone are tolerated")
        let cut = whole.prefix((secondScan + whole.count) / 2)
        #expect(throws: ImageError.truncated(format: "JPEG")) { try ImageDecoder().decode(cut) }
        #expect(throws: ImageError.truncated(format: "JPEG")) {
            try Thumbnailer().thumbnail(of: cut, size: ThumbnailSize(points: 52, scale: 2), mode: .aspectFit)
        }
    }

    /// Stray bytes among the header's segments mean a lost segment: refused, not decoded to noise.
    @Test func jpegWithStrayBytesInItsHeaderIsCorrupt() throws {
        var data = TestImages.jpeg(TestImages.quadrants(width: 64, height: 48))
        let scan = try #require(data.firstRange(of: Data([0xFF, 0xDA]))).lowerBound
        data.insert(contentsOf: [0x00, 0x01, 0x02], at: scan)
        #expect(throws: ImageError.corrupt(format: "JPEG", reason: "Corrupt JPEG data: 3 extraneous bytes before marker 0xda")) {
            try ImageDecoder().decode(data)
        }
    }

    @Test func pngCutInHalfIsTruncated() {
        let whole = TestImages.png(TestImages.quadrants(width: 64, height: 64))
        #expect(throws: ImageError.truncated(format: "PNG")) { try ImageDecoder().decode(whole.prefix(whole.count / 2)) }
    }

    @Test func scrambledJPEGIsCorruptWithTheLibraryMessage() {
        var data = TestImages.jpeg(TestImages.quadrants(width: 64, height: 48))
        // Overwrite the first quantisation table's marker: the frame can no longer be decoded.
        let table = data.firstRange(of: Data([0xFF, 0xDB]))!.lowerBound
        data.replaceSubrange(table..<(table + 2), with: [0xFF, 0x01])
        #expect {
            try ImageDecoder().decode(data)
        } throws: { error in
            guard case ImageError.corrupt(format: "JPEG", let reason) = error else { return false }
            return !reason.isEmpty
        }
    }

    @Test func scrambledPNGIsCorrupt() {
        var data = TestImages.png(TestImages.quadrants(width: 16, height: 16))
        data[data.startIndex + 20] ^= 0xFF  // inside IHDR: its CRC no longer matches
        #expect {
            try ImageDecoder().decode(data)
        } throws: { error in
            if case ImageError.corrupt(format: "PNG", let reason) = error { return !reason.isEmpty }
            return false
        }
    }
}

/// `decodeStored(_:covering:height:)`: a JPEG decoded at the smallest DCT scale that still covers
/// the size asked, other formats at full size.
@Suite struct CoveringDecodeTests {
    static var photo: Bitmap {
        Bitmap(width: 800, height: 600, format: .rgb,
                              pixels: (0..<(800 * 600)).flatMap { index -> [UInt8] in
                                  index % 800 < 400 ? [200, 30, 30] : [30, 30, 200]
                              })
    }

    @Test func aJPEGIsDecodedAtTheSmallestScaleThatCoversTheSize() throws {
        let data = TestImages.jpeg(Self.photo)
        let decoder = ImageDecoder()
        let eighth = try decoder.decodeStored(data, covering: 100, height: 75)
        #expect((eighth.width, eighth.height) == (100, 75))
        let quarter = try decoder.decodeStored(data, covering: 101, height: 20)
        #expect((quarter.width, quarter.height) == (200, 150), "1/8 gives 100 pixels, one short")
        let full = try decoder.decodeStored(data, covering: 800, height: 600)
        #expect((full.width, full.height) == (800, 600))
        // The colours survive the scaling: left red, right blue.
        #expect(eighth.pixels[0] > 150 && eighth.pixels[2] < 80)
        let right = (eighth.width - 1) * 3
        #expect(eighth.pixels[right] < 80 && eighth.pixels[right + 2] > 150)
    }

    @Test func aPNGIsDecodedAtFullSize() throws {
        let png = try PNGEncoder.encode(Self.photo)
        let decoded = try ImageDecoder().decodeStored(png, covering: 10, height: 10)
        #expect((decoded.width, decoded.height) == (800, 600))
    }
}
