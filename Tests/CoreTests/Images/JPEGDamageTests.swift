@testable import Core
import Foundation
import Testing

/// JPEGs whose data does not back what their header says: libjpeg-turbo decodes those with a
/// warning and paints the missing rows grey; every decode path must refuse them instead.
@Suite struct JPEGDamageTests {
    /// Every way Core decodes a JPEG: full size, DCT-scaled for a thumbnail (down to 1/8), and the
    /// 1/8-scale grey check the media library's import makes.
    static let paths: [(name: String, decode: @Sendable (Data) throws -> Void)] = [
        ("full", { _ = try ImageDecoder().decode($0) }),
        ("thumbnail", { _ = try Thumbnailer().thumbnail(of: $0, size: ThumbnailSize(points: 52, scale: 3), mode: .aspectFill) }),
        ("one eighth", { _ = try Thumbnailer().thumbnail(of: $0, size: ThumbnailSize(points: 8, scale: 1), mode: .aspectFit) }),
        ("verify", { try ImageDecoder().verify($0) }),
    ]

    /// A real photo (the fixture) with its SOF0 height doubled: the scan data ends at half the rows.
    static func heightLie() throws -> Data {
        var data = try Fixtures.data("photo_tiny.jpg")
        let frame = try #require(data.firstRange(of: Data([0xFF, 0xC0]))).lowerBound
        // SOF0: marker (2), length (2), precision (1), height (2).
        let height = Int(data[frame + 5]) << 8 | Int(data[frame + 6])
        data.replaceSubrange((frame + 5)..<(frame + 7), with: [UInt8((2 * height) >> 8), UInt8((2 * height) & 0xFF)])
        return data
    }

    @Test(arguments: paths.indices)
    func headerClaimingTwiceTheRowsIsRefused(path: Int) throws {
        let data = try Self.heightLie()
        #expect(try ImageProbe.probe(data).pixelHeight == 240, "the header alone cannot tell")
        #expect {
            try Self.paths[path].decode(data)
        } throws: { error in
            guard case ImageError.corrupt(format: "JPEG", let reason) = error else { return false }
            return reason.contains("160x240") && reason.contains("premature end of data segment")
        }
    }

    /// Where a cut falls, from the fixture's own markers.
    enum Cut: String, CaseIterable {
        case afterFrameHeader, insideHuffmanTables, afterScanHeader, midScan, justBeforeEndOfImage, insideEndOfImage

        func apply(to data: Data) throws -> Data {
            // SOF0 (baseline) or SOF2 (progressive).
            let frame = try #require(data.firstRange(of: Data([0xFF, 0xC0])) ?? data.firstRange(of: Data([0xFF, 0xC2]))).lowerBound
            let scan = try #require(data.firstRange(of: Data([0xFF, 0xDA]))).lowerBound
            let tables = try #require(data.firstRange(of: Data([0xFF, 0xC4]))).lowerBound
            let scanHeaderLength = Int(data[scan + 2]) << 8 | Int(data[scan + 3])
            switch self {
            case .afterFrameHeader: return data.prefix(frame + 2 + (Int(data[frame + 2]) << 8 | Int(data[frame + 3])))
            case .insideHuffmanTables: return data.prefix(tables + 10)
            case .afterScanHeader: return data.prefix(scan + 2 + scanHeaderLength)
            case .midScan: return data.prefix((scan + data.count) / 2)
            case .justBeforeEndOfImage: return data.dropLast(2)
            case .insideEndOfImage: return data.dropLast(1)
            }
        }
    }

    @Test(arguments: Cut.allCases, [false, true])
    func cutJPEGIsTruncatedOnEveryPath(cut: Cut, progressive: Bool) throws {
        let whole = progressive
            ? TestImages.jpeg(TestImages.quadrants(width: 96, height: 64), progressive: true)
            : try Fixtures.data("photo_tiny.jpg")
        let data = try cut.apply(to: whole)
        for path in Self.paths {
            #expect(throws: ImageError.truncated(format: "JPEG"), "\(path.name) decode") { try path.decode(data) }
        }
    }

    /// The probe reads only the header: a cut inside it is truncation too, not "cannot be read".
    @Test(arguments: [Cut.afterFrameHeader, .insideHuffmanTables])
    func cutInsideTheHeaderIsTruncatedForTheProbe(cut: Cut) throws {
        let data = try cut.apply(to: try Fixtures.data("photo_tiny.jpg"))
        #expect(throws: ImageError.truncated(format: "JPEG")) { try ImageProbe.probe(data) }
    }

    static let warnings: [(warning: String, harmful: Bool)] = [
        ("Corrupt JPEG data: premature end of data segment", true),
        ("Corrupt JPEG data: bad Huffman code", true),
        ("Corrupt JPEG data: found marker 0xd9 instead of RST3", true),
        ("Corrupt JPEG data: 3 extraneous bytes before marker 0xda", false),
        ("Inconsistent progression sequence for component 0 coefficient 1", false),
    ]

    @Test(arguments: warnings)
    func onlyWarningsAboutMissingOrDamagedDataRefuseTheImage(sample: (warning: String, harmful: Bool)) {
        let reason = TurboJPEGDecompressor.damage(described: sample.warning, width: 4, height: 3)
        #expect((reason != nil) == sample.harmful)
        if let reason { #expect(reason.contains(sample.warning)) }
    }

    /// The real fixtures decode without any warning that would now refuse them.
    @Test(arguments: ["photo_tiny.jpg", "tiny_exif_gps.jpg", "tiny_orient6.jpg", "coldripple_gray_400x250.jpg",
                      "cmyk_adobe_96x64.jpg", "rgb_reference_96x64.jpg"])
    func realFixturesStillDecode(name: String) throws {
        let data = try Fixtures.data(name)
        #expect(throws: Never.self) { try ImageDecoder().decode(data) }
        #expect(throws: Never.self) {
            try Thumbnailer().thumbnail(of: data, size: ThumbnailSize(points: 16, scale: 1), mode: .aspectFit)
        }
        #expect(throws: Never.self) { try ImageDecoder().verify(data) }
    }

    /// The import check decodes no colour and no pixel detail, yet it reads every entropy-coded
    /// symbol: scan data damaged anywhere (the colour components' included) is refused by it
    /// exactly when the full decode refuses it, with the same error.
    @Test(arguments: ["photo_tiny.jpg", "coldripple_gray_400x250.jpg", "cmyk_adobe_96x64.jpg"])
    func verifyRefusesDamagedScanDataAsTheFullDecodeDoes(name: String) throws {
        let whole = try Fixtures.data(name)
        let scan = try #require(whole.firstRange(of: Data([0xFF, 0xDA]))).lowerBound + 16
        let positions = stride(from: scan, to: whole.count - 6, by: max(1, (whole.count - 6 - scan) / 40))
        var refused = 0
        for position in positions {
            // Stuffed 0xFF bytes: 32 one bits, a code no Huffman table has.
            var data = whole
            data.replaceSubrange(position..<(position + 4), with: [0xFF, 0x00, 0xFF, 0x00])
            let full = Result { () throws(ImageError) in _ = try ImageDecoder().decode(data) }
            let verified = Result { () throws(ImageError) in try ImageDecoder().verify(data) }
            #expect(String(describing: verified) == String(describing: full.map { _ in () }), "byte \(position) changed")
            if case .failure = full { refused += 1 }
        }
        #expect(refused > 0, "no damage was refused: the test damaged nothing that matters")
    }
}
