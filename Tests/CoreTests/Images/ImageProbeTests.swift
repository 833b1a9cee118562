@testable import Core
import Foundation
import Testing

@Suite struct ImageProbeTests {
    @Test func readsSizeAndEXIFFromHeader() throws {
        let info = try ImageProbe.probe(try Fixtures.data("tiny_exif_gps.jpg"))
        #expect(info.format == .jpeg)
        #expect(info.pixelWidth == 160 && info.pixelHeight == 120)
        #expect(info.orientation == .up)
        let location = try #require(info.exif?.location)
        #expect(location.latitude == 48.8584)
        #expect(location.longitude == 2.2945)
        #expect(info.exif?.dateTimeOriginal != nil)
    }

    /// The fixture's GPS references patched from N/E to S/W (big-endian IFD entries: tag, type
    /// ASCII, count 2, the letter inline): the same position mirrored across both axes.
    @Test func southAndWestReferencesGiveNegativeDegrees() throws {
        var bytes = [UInt8](try Fixtures.data("tiny_exif_gps.jpg"))
        for (tag, from, to) in [(UInt8(0x01), UInt8(ascii: "N"), UInt8(ascii: "S")), (0x03, UInt8(ascii: "E"), UInt8(ascii: "W"))] {
            let entry: [UInt8] = [0x00, tag, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, from, 0x00]
            let start = try #require(bytes.indices.first { bytes[$0...].starts(with: entry) }, "GPS entry \(tag) not found")
            bytes[start + 8] = to
        }
        let location = try #require(try ImageProbe.probe(Data(bytes)).exif?.location)
        #expect(location == GeoCoordinate(latitude: -48.8584, longitude: -2.2945))
    }

    @Test func orientationSixSwapsTheDisplayedSize() throws {
        let info = try ImageProbe.probe(try Fixtures.data("tiny_orient6.jpg"))
        #expect(info.orientation == .right)
        #expect(info.displayWidth == 120 && info.displayHeight == 160)
    }

    @Test func photoWithoutEXIFIsUpright() throws {
        let info = try ImageProbe.probe(try Fixtures.data("photo_tiny.jpg"))
        #expect(info.exif == nil)
        #expect(info.orientation == .up)
    }

    @Test func grayscaleJPEG() throws {
        let info = try ImageProbe.probe(try Fixtures.data("coldripple_gray_400x250.jpg"))
        #expect(info.pixelWidth == 400 && info.pixelHeight == 250)
    }

    static let unsupported: [(bytes: [UInt8], expected: String)] = [
        (Array("GIF88a....".utf8), "GIF image of an unknown version"),
        ([0, 0, 0, 24] + Array("ftypavif".utf8) + [UInt8](repeating: 0, count: 8), "AVIF image"),
        ([0, 0, 0, 24] + Array("ftyphevc".utf8) + [UInt8](repeating: 0, count: 8), "HEIF image sequence"),
        (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), "WebP image"),
        ([0, 0, 0, 24] + Array("ftypqt  ".utf8) + [UInt8](repeating: 0, count: 8), "video (ISO media, brand qt)"),
        (Array("BEGIN:VCARD\nFN:Ann\nEND:VCARD\n".utf8), "vCard contact"),
        (Array("just some notes\n".utf8), "text"),
    ]

    @Test(arguments: unsupported)
    func unsupportedFormatsAreNamed(sample: (bytes: [UInt8], expected: String)) {
        #expect(throws: ImageError.unsupportedFormat(detected: sample.expected)) { try ImageProbe.probe(Data(sample.bytes)) }
    }

    @Test func emptyDataIsEmpty() {
        #expect(throws: ImageError.empty) { try ImageProbe.probe(Data()) }
    }

    @Test func brokenJPEGHeaderIsCorrupt() {
        let data = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02, 0x00, 0x00])
        #expect {
            try ImageProbe.probe(data)
        } throws: { error in
            if case ImageError.corrupt(format: "JPEG", _) = error { return true }
            return false
        }
    }

    @Test func exifDatesHonourTheOffset() throws {
        let utc = try #require(EXIFMetadata.parseDate("2024:06:01 12:00:00", offset: nil))
        let plusTwo = try #require(EXIFMetadata.parseDate("2024:06:01 12:00:00", offset: "+02:00"))
        #expect(utc.timeIntervalSince(plusTwo) == 7_200)
        #expect(EXIFMetadata.parseDate("0000:00:00 00:00:00", offset: nil) == nil)
    }
}
