import CPNG
@testable import Core
import Foundation
import Testing

/// `ImageDecoder.verify` reads PNGs row by row, GIFs line by line and HEICs into libheif's own
/// planes: it must fail exactly where the full decode fails, with the same error, and take a
/// small part of the decoded size.
@Suite struct VerificationTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let data: Data
        /// Every how many bytes a cut or a damaged byte is tried (1 for the small PNGs).
        var step = 1
        var testDescription: String { name }
    }

    /// PNGs of every layout libpng reads differently (packed, 16-bit, interlaced, palette, an
    /// ancillary chunk before the image data), the two-frame GIF fixture and two HEICs.
    static let samples: [Sample] = [
        Sample(name: "RGB PNG", data: TestImages.png(TestImages.quadrants(width: 24, height: 16))),
        Sample(name: "RGBA PNG", data: TestImages.png(TestImages.bitmap(width: 12, height: 9, format: .rgba) { x, y in
            [UInt8(x * 20), UInt8(y * 25), 90, UInt8(x * y * 2)]
        })),
        Sample(name: "interlaced 16-bit RGBA PNG", data: TestPNGs.png(TestPNGs.Layout(
            width: 11, height: 9, colourType: PNG_COLOR_TYPE_RGB_ALPHA, bitDepth: 16, interlaced: true)) { y in
            (0..<(11 * 8)).map { UInt8(truncatingIfNeeded: $0 * 7 + y * 13) }
        }),
        Sample(name: "2-bit palette PNG", data: TestPNGs.png(TestPNGs.Layout(
            width: 30, height: 7, colourType: PNG_COLOR_TYPE_PALETTE, bitDepth: 2)) { y in
            (0..<8).map { UInt8(truncatingIfNeeded: $0 * 37 + y) }
        }),
        Sample(name: "PNG with a text chunk", data: withTextChunk(TestImages.png(TestImages.quadrants(width: 8, height: 6)))),
        Sample(name: "GIF", data: (try? Fixtures.data("rgb_reference_96x64.gif")) ?? Data(), step: 4),
        Sample(name: "HEIC", data: (try? Fixtures.data("photo_tiny.heic")) ?? Data(), step: 9),
        Sample(name: "rotated HEIC", data: (try? Fixtures.data("photo_tiny_orient6.heic")) ?? Data(), step: 13),
    ]

    /// `png` with a `tEXt` chunk after `IHDR` (ancillary: a bad CRC in it is only a warning).
    static func withTextChunk(_ png: Data) -> Data {
        let body = Array("tEXtComment".utf8) + [0] + Array("made by a test".utf8)
        let length = UInt32(body.count - 4)
        let chunk = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + body
            + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: TestImages.crc32(body) >> $0) }
        // Signature (8) and IHDR (4 + 4 + 13 + 4).
        return png.prefix(33) + Data(chunk) + png.dropFirst(33)
    }

    /// How one check of `data` ended, in words, so that two checks can be compared.
    static func outcome(_ check: (Data) throws(ImageError) -> Void, of data: Data) -> String {
        do throws(ImageError) {
            try check(data)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    static func decode(_ data: Data) throws(ImageError) { _ = try ImageDecoder().decode(data) }
    static func verify(_ data: Data) throws(ImageError) { try ImageDecoder().verify(data) }

    /// A PNG cut in its image data is truncated; one whose image data is damaged is corrupt,
    /// with libpng's words for it; one cut inside its closing `IEND` chunk, after every row, passes.
    @Test func aCutPNGIsTruncatedAndADamagedOneCorrupt() throws {
        let whole = Self.samples[0].data
        #expect(throws: ImageError.truncated(format: "PNG")) { try ImageDecoder().verify(whole.prefix(whole.count / 2)) }
        var damaged = whole
        damaged[damaged.count - 24] ^= 0xFF  // inside the last IDAT's compressed data
        #expect {
            try ImageDecoder().verify(damaged)
        } throws: { error in
            guard case ImageError.corrupt(format: "PNG", let reason) = error else { return false }
            return reason.hasPrefix("IDAT: ")
        }
        #expect(throws: Never.self) { try ImageDecoder().verify(whole.dropLast(2)) }
    }

    @Test(arguments: samples)
    func everyCutFailsAsTheDecodeFails(_ sample: Sample) throws {
        try #require(sample.data.count > 40)
        #expect(Self.outcome(Self.verify, of: sample.data) == "accepted")
        var differences: [String] = []
        for length in stride(from: 1, to: sample.data.count, by: sample.step) {
            let cut = sample.data.prefix(length)
            let verified = Self.outcome(Self.verify, of: cut), decoded = Self.outcome(Self.decode, of: cut)
            if verified != decoded { differences.append("\(length) bytes: verify \(verified), decode \(decoded)") }
        }
        #expect(differences.isEmpty, "\(differences.count) cuts differ, first: \(differences.prefix(3))")
    }

    /// Each byte inverted in turn (headers, CRCs, compressed data, colour tables): verify and
    /// decode accept the same files and refuse the others with the same error.
    @Test(arguments: samples)
    func everyDamagedByteFailsAsTheDecodeFails(_ sample: Sample) throws {
        var differences: [String] = [], refused = 0, tried = 0
        for index in stride(from: 0, to: sample.data.count, by: sample.step) {
            tried += 1
            var damaged = sample.data
            damaged[index] ^= 0xFF
            let verified = Self.outcome(Self.verify, of: damaged), decoded = Self.outcome(Self.decode, of: damaged)
            if verified != decoded { differences.append("byte \(index): verify \(verified), decode \(decoded)") }
            if decoded != "accepted" { refused += 1 }
        }
        #expect(differences.isEmpty, "\(differences.count) damaged files differ, first: \(differences.prefix(3))")
        // GIF and HEVC data have no checksum: damage inside them mostly decodes to other pixels.
        #expect(refused * 50 > tried, "\(refused) of \(tried) damaged files refused: the test damaged little that matters")
    }

    /// Complete, valid files that are small on the disk and huge in memory (headers just under the
    /// 100-megapixel limit, a header of compressed text, countless frames); decoded, each takes
    /// `decodedBytes`.
    enum BigHeader: String, Codable, CaseIterable, Sendable {
        /// 9999 x 10000 grey (one byte a pixel), about 100 KB.
        case png
        /// A 1 x 1 frame on a 9000 x 11000 screen: 44 bytes, drawn on an RGBA canvas when decoded.
        case gif
        /// An 8 x 8 PNG whose header holds twelve `zTXt` chunks of 7.9 MB of text each (96 KB on
        /// the disk): libpng's simplified API inflates and keeps them all as it reads the header.
        case pngStuffedWithText
        /// A 6 MB GIF of 400,000 1 x 1 frames: giflib keeps a 56-byte descriptor of each frame read.
        case gifOfManyFrames

        var data: Data {
            switch self {
            case .png:
                return TestPNGs.flatGray(width: 9_999, height: 10_000)
            case .gif:
                return TestGIFs.gif(screenWidth: 9_000, screenHeight: 11_000, palette: [[0, 0, 0], [255, 255, 255]],
                                    frames: [.init(width: 1, height: 1, index: { _, _ in 1 })])
            case .pngStuffedWithText:
                return TestPNGs.stuffedWithText(count: 12, inflatedBytes: 7_900_000)
            case .gifOfManyFrames:
                return TestGIFs.manyFrames(400_000)
            }
        }

        /// What the full decode holds at once: the bitmap, the header's inflated text, or giflib's
        /// descriptors of the frames.
        var decodedBytes: Int {
            switch self {
            case .png: return 9_999 * 10_000
            case .gif: return 9_000 * 11_000 * 4
            case .pngStuffedWithText: return 12 * 7_900_000
            case .gifOfManyFrames: return 400_000 * 56
            }
        }
    }

    /// The most probing and checking any of them may add: measured at about 1 MB (libpng's and
    /// giflib's state, zlib's window, one row), against 95 MB to 396 MB for the full decode.
    static let verificationBoundBytes = 4 << 20

    /// Measured in a child process of its own (an exit test), where nothing else runs.
    @Test(arguments: BigHeader.allCases)
    func aBigHeaderIsVerifiedWithoutItsDecodedSize(_ file: BigHeader) async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) { [file] in
            let data = file.data
            // What the media library's import does with each file: the probe, then the check.
            let extra = try ResidentMemory.peakExtraBytes {
                _ = try ImageProbe.probe(data)
                try ImageDecoder().verify(data)
            }
            print("peak extra bytes: \(extra ?? -1)")
        }
        let printed = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let extra = try #require(printed.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) },
                                 "the child printed \(printed)")
        #expect(extra >= 0, "the kernel did not let the child reset its high-water mark")
        #expect(extra < Self.verificationBoundBytes, "verifying took \(extra) bytes; decoding takes \(file.decodedBytes)")
        let cost = try ImageDecoder().verificationCost(of: file.data)
        #expect(extra <= cost.bytes, "verifying took \(extra) bytes, more than the \(cost.bytes) estimated")
    }
}
