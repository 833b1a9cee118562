import CTurboJPEG
@testable import Core
import Foundation
import Testing

/// `ImageDecoder.verificationCost(of:)` must be an upper bound of what `verify` takes, close
/// enough to it that the media library's import can run checks side by side within its budget.
@Suite struct VerificationCostTests {
    /// The HEIC fixtures of `Fixtures/heic_memory` (flat-coloured, a few KB each; see LICENSES.md).
    static func heic(_ name: String) throws -> Data { try Fixtures.data("heic_memory/\(name).heic") }

    /// One layout each of what libheif 1.15 decodes differently.
    static let heicNames = ["flat_4032x3024", "flat_4032x3024_444", "flat_4032x3024_10bit", "flat_4032x3024_alpha",
                            "flat_4032x3024_turned", "flat_4031x3023_one_tile", "grid_4032x3024_turned"]

    @Test func theLayoutComesFromTheItemProperties() throws {
        let layouts = try Self.heicNames.map { HEIFBoxes.primaryImageLayout(in: try Self.heic($0)) }
        #expect(layouts == [
            .init(chromaFormat: 1, tilePixelCount: nil, copyingTransformCount: 0),
            .init(chromaFormat: 3, tilePixelCount: nil, copyingTransformCount: 0),
            .init(chromaFormat: 1, tilePixelCount: nil, copyingTransformCount: 0),
            .init(chromaFormat: 1, tilePixelCount: nil, copyingTransformCount: 0),
            .init(chromaFormat: 1, tilePixelCount: nil, copyingTransformCount: 1),
            // heif-enc 1.15 writes an odd-sized image as one even-sized tile of a grid.
            .init(chromaFormat: 1, tilePixelCount: 4_032 * 3_024, copyingTransformCount: 0, tileCount: 1),
            .init(chromaFormat: 1, tilePixelCount: 512 * 512, copyingTransformCount: 1, tileCount: 48),
        ])
    }

    /// libheif decodes every tile whole, whatever part of it the grid keeps: a 100x100 grid of
    /// one 30000x30000 tile (each side under libheif's limit) costs the tile, not its 100x100.
    @Test func aGridCostsItsTilesAtTheirOwnSize() {
        let layout = HEIFBoxes.PrimaryImageLayout(chromaFormat: 1, tilePixelCount: 30_000 * 30_000, copyingTransformCount: 0,
                                                  tileCount: 1)
        let perPixel = HEIFReader.bytesPerPixel(layout, sampleBytes: 1, hasAlpha: false, pixelCount: 100 * 100)
        #expect(perPixel * 100 * 100 > 4.5 * 30_000 * 30_000)
    }

    /// An iPhone's 12 MP photo (a grid of 512x512 tiles, turned) with a 4 MB file must fit the
    /// media library's import budget of 100 MiB: its check is modelled at 7.5 bytes a pixel.
    @Test func anIPhonePhotoCostsUnderEightBytesAPixel() throws {
        let cost = try ImageDecoder().verificationCost(of: try Self.heic("grid_4032x3024_turned"))
        #expect(cost.kind == "HEIC" && cost.pixelCount == 4_032 * 3_024 && cost.growsWithPixels)
        #expect(cost.bytesPerPixel == 7.5)
        #expect(cost.bytes + 4_000_000 < 100 << 20, "\(cost.bytes) bytes")
    }

    @Test func rowByRowFormatsDoNotGrowWithTheirPixels() throws {
        let png = try ImageDecoder().verificationCost(of: TestPNGs.flatGray(width: 9_999, height: 10_000))
        let gif = try ImageDecoder().verificationCost(of: TestGIFs.gif(
            screenWidth: 9_000, screenHeight: 11_000, palette: [[0, 0, 0], [255, 255, 255]],
            frames: [.init(width: 1, height: 1, index: { _, _ in 1 })]))
        let baseline = try ImageDecoder().verificationCost(of: TestImages.jpeg(TestImages.quadrants(width: 640, height: 480)))
        for cost in [png, gif, baseline] {
            #expect(!cost.growsWithPixels && cost.pixelLimit(withinBytes: 100 << 20) == nil, "\(cost.kind)")
            #expect(cost.bytes < 10 << 20, "\(cost.kind): \(cost.bytes) bytes")
        }
    }

    /// libjpeg keeps 2 bytes for each coefficient of a progressive JPEG: 1.5 samples a pixel at
    /// 4:2:0, 3 at 4:4:4, each rounded up to whole blocks and MCUs.
    @Test(arguments: [(TJSAMP_420, 3.0), (TJSAMP_444, 6.0)])
    func aProgressiveJPEGCostsItsCoefficients(subsampling: TJSAMP, bytesPerPixel: Double) throws {
        let data = TestImages.jpeg(TestImages.quadrants(width: 1_000, height: 750), progressive: true, subsampling: subsampling)
        let cost = try ImageDecoder().verificationCost(of: data)
        #expect(cost.kind == "progressive JPEG")
        #expect(cost.bytesPerPixel >= bytesPerPixel && cost.bytesPerPixel < bytesPerPixel * 1.03, "\(cost.bytesPerPixel)")
        let limit = try #require(cost.pixelLimit(withinBytes: 100 << 20))
        #expect(abs(Double(limit) - Double((100 << 20) - cost.fixedBytes) / cost.bytesPerPixel) <= 1)
    }

    /// What the check of each file takes, measured in an exit test's own process, is at most
    /// the estimate, and not far under it (the estimate would then refuse photos it need not).
    @Test(arguments: heicNames)
    func aHEICCostBoundsWhatItsCheckTakes(name: String) async throws {
        let data = try Self.heic(name)
        let cost = try ImageDecoder().verificationCost(of: data)
        let measured = try await Self.peakOfVerifying(data)
        #expect(measured <= cost.bytes, "\(name): the check took \(measured) bytes, the estimate is \(cost.bytes)")
        #expect(cost.bytes < measured * 2 + (4 << 20), "\(name): the estimate \(cost.bytes) is far above the \(measured) taken")
    }

    /// Progressive JPEGs at 4:2:0 and 4:4:4 (8 MP, flat), measured the same way.
    @Test(arguments: [TJSAMP_420, TJSAMP_444])
    func aProgressiveJPEGCostBoundsWhatItsCheckTakes(subsampling: TJSAMP) async throws {
        let data = TestImages.jpeg(TestImages.quadrants(width: 3_264, height: 2_448), progressive: true, subsampling: subsampling)
        let cost = try ImageDecoder().verificationCost(of: data)
        let measured = try await Self.peakOfVerifying(data)
        #expect(measured <= cost.bytes, "the check took \(measured) bytes, the estimate is \(cost.bytes)")
        #expect(cost.bytes < measured * 2 + (4 << 20), "the estimate \(cost.bytes) is far above the \(measured) taken")
    }

    /// The peak extra resident bytes of `ImageDecoder().verify(data)` in a child process.
    static func peakOfVerifying(_ data: Data) async throws -> Int {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) { [data] in
            let extra = try ResidentMemory.peakExtraBytes { try ImageDecoder().verify(data) }
            print("peak extra bytes: \(extra ?? -1)")
        }
        let printed = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let extra = try #require(printed.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) },
                                 "the child printed \(printed)")
        try #require(extra >= 0, "the kernel did not let the child reset its high-water mark")
        return extra
    }
}
