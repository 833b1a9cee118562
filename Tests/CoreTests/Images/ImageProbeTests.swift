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
        (Array("GIF89a....".utf8), "GIF image"),
        ([0, 0, 0, 24] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 8), "HEIC/HEIF image"),
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
