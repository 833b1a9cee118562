import Core
import Foundation
import Testing
@testable import Scenarios

/// `assertFile`'s `jpegQuality`: read back from the file's quantization table.
@Suite("JPEG quality estimate")
struct JPEGQualityEstimateTests {
    static func gradient(width: Int = 48, height: Int = 32, format: PixelFormat = .rgb) -> Bitmap {
        let channels = format.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        for index in pixels.indices { pixels[index] = UInt8((index * 7 + index / channels) % 256) }
        return Bitmap(width: width, height: height, format: format, pixels: pixels)
    }

    @Test("a file TurboJPEG wrote at a quality reads back as that quality, exactly", arguments: [1, 10, 37, 49, 50, 51, 75, 90, 99, 100])
    func qualityReadsBack(quality: Int) throws {
        for format in [PixelFormat.rgb, .gray] {
            let data = try JPEGEncoder.encode(Self.gradient(format: format), quality: quality)
            #expect(JPEGQualityEstimate.estimate(data) == .init(quality: quality, isExact: true), "\(format)")
        }
    }

    @Test("a real photo from another encoder gets the nearest quality, not marked exact")
    func otherEncoderIsNearest() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: ScenarioRunFolder.suiteFolder + "/media/dune.jpg"))
        let estimate = try #require(JPEGQualityEstimate.estimate(data))
        #expect((1...100).contains(estimate.quality))
    }

    @Test("data without a quantization table has no quality", arguments: [
        Data(), Data([0xFF, 0xD8]), Data("not a jpeg".utf8), Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]),
        Data([0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43, 0x00]),
    ])
    func noTable(data: Data) {
        #expect(JPEGQualityEstimate.estimate(data) == nil)
    }
}
