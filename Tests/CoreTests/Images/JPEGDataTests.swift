@testable import Core
import Foundation
import Testing

/// ``ImageDecoder/jpegData(from:quality:)``: any supported image handed over as a JPEG.
@Suite struct JPEGDataTests {
    @Test func heicBecomesAJPEGOfTheSamePicture() throws {
        let heic = try Fixtures.data("photo_tiny.heic")
        let jpeg = try ImageDecoder().jpegData(from: heic, quality: 90)
        let info = try ImageProbe.probe(jpeg)
        #expect(info.format == .jpeg && info.pixelWidth == 160 && info.pixelHeight == 120 && info.orientation == .up)
        let fromJPEG = try ImageDecoder().decode(jpeg), fromHEIC = try ImageDecoder().decode(heic)
        let differences = zip(fromJPEG.pixels, fromHEIC.pixels).map { abs(Int($0) - Int($1)) }
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 3)
    }

    /// The orientation is baked into the pixels: the JPEG displays the same without EXIF.
    @Test func orientedJPEGComesOutUpright() throws {
        let jpeg = try ImageDecoder().jpegData(from: try Fixtures.data("tiny_orient6.jpg"), quality: 90)
        let info = try ImageProbe.probe(jpeg)
        #expect(info.pixelWidth == 120 && info.pixelHeight == 160 && info.exif == nil)
    }

    @Test func transparentGIFPixelsComeOutWhite() throws {
        let jpeg = try ImageDecoder().jpegData(from: try Fixtures.data("rgb_reference_96x64.gif"), quality: 95)
        let bitmap = try ImageDecoder().decode(jpeg)
        #expect(bitmap.format == .rgb && bitmap.width == 96 && bitmap.height == 64)
        #expect(bitmap.pixel(x: 4, y: 4).allSatisfy { $0 >= 245 })
    }

    /// 200 at alpha 128 over white: (200 x 128 + 255 x 127) / 255 = 227.
    @Test(arguments: [(UInt8(0), UInt8(255)), (255, 200), (128, 227)])
    func flatteningBlendsOverWhiteByAlpha(sample: (alpha: UInt8, expected: UInt8)) {
        let bitmap = TestImages.flat(width: 2, height: 1, format: .rgba, colour: [200, 200, 200, sample.alpha])
        let flat = bitmap.flattenedOverWhite()
        #expect(flat.format == .rgb)
        #expect(flat.maximumDeviation(from: [sample.expected, sample.expected, sample.expected]) <= 1)
    }

    @Test func truncatedHEICGivesNoJPEG() throws {
        let heic = try Fixtures.data("photo_tiny.heic")
        #expect(throws: ImageError.truncated(format: "HEIC")) {
            try ImageDecoder().jpegData(from: heic.prefix(heic.count - 100), quality: 90)
        }
    }
}
