@testable import Core
import Foundation
import Testing

/// HEIC through libheif: probe, decode, thumbnails, the size limit and cut files.
@Suite struct HEICTests {
    static func heic() throws -> Data { try Fixtures.data("photo_tiny.heic") }

    /// The fixture with its `ispe` (image spatial extents: version/flags, width, height) patched.
    static func withClaimedSize(width: Int, height: Int) throws -> Data {
        var data = try heic()
        let box = try #require(data.firstRange(of: Data("ispe".utf8))).upperBound
        let size = [width, height].flatMap { value in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        data.replaceSubrange((box + 4)..<(box + 12), with: size)
        return data
    }

    @Test func probeReadsTheSizeFromTheHeader() throws {
        let info = try ImageProbe.probe(try Self.heic())
        #expect(info == ImageInfo(format: .heic, pixelWidth: 160, pixelHeight: 120, orientation: .up,
                                  exif: nil, hasAlpha: false))
    }

    /// The HEIC was encoded from photo_tiny.jpg: the same picture within HEVC's and JPEG's losses.
    @Test func decodesToTheSourcePhotosPixels() throws {
        let bitmap = try ImageDecoder().decode(try Self.heic())
        let source = try ImageDecoder().decode(try Fixtures.data("photo_tiny.jpg"))
        #expect(bitmap.width == 160 && bitmap.height == 120 && bitmap.format == .rgb)
        let differences = zip(bitmap.pixels, source.pixels).map { abs(Int($0) - Int($1)) }
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 6)
        for (x, y) in [(0, 0), (80, 60), (159, 119), (20, 100)] {
            let spot = zip(bitmap.pixel(x: x, y: y), source.pixel(x: x, y: y)).map { abs(Int($0) - Int($1)) }.max()!
            #expect(spot < 48, "pixel (\(x), \(y))")
        }
    }

    /// heif-enc 1.15 copies a JPEG's EXIF (orientation 6 here) without writing `irot`. HEIF
    /// readers orient by `irot`/`imir` only and ignore the EXIF tag (MIAF, ISO/IEC 23000-22:
    /// "there should be no image transformations expressed by Exif"), so it displays as stored.
    @Test func exifOrientationInsideAHEICIsNotApplied() throws {
        let data = try Fixtures.data("tiny_orient6_exif.heic")
        let info = try ImageProbe.probe(data)
        #expect(info.orientation == .up && info.displayWidth == 160 && info.displayHeight == 120)
        let bitmap = try ImageDecoder().decode(data)
        #expect(bitmap.width == 160 && bitmap.height == 120)
        let unrotated = try ImageDecoder().decode(try Fixtures.data("tiny_orient6.jpg"), applyingOrientation: false)
        let differences = zip(bitmap.pixels, unrotated.pixels).map { abs(Int($0) - Int($1)) }
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 6)
    }

    /// The same HEVC data under each `irot`/`imir` combination libheif writes for orientations
    /// 1...8: the probe names the orientation, and libheif's upright pixels are exactly the
    /// stored ones turned by it.
    @Test(arguments: ImageOrientation.allCases)
    func irotAndImirAreReadAsTheOrientationLibheifApplies(orientation: ImageOrientation) throws {
        let data = try Fixtures.data("heic_orientations/orientation_\(orientation.rawValue).heic")
        let info = try ImageProbe.probe(data)
        #expect(info.orientation == orientation)
        #expect(info.pixelWidth == 32 && info.pixelHeight == 24)
        let stored = try ImageDecoder().decode(try Fixtures.data("heic_orientations/orientation_1.heic"))
        let upright = try ImageDecoder().decode(data)
        #expect(upright.width == info.displayWidth && upright.height == info.displayHeight)
        #expect(upright.pixels == stored.oriented(orientation).pixels)
        #expect(try ImageDecoder().decode(data, applyingOrientation: false).pixels == stored.pixels)
    }

    /// A portrait photo as an iPhone stores it: landscape pixels and a quarter turn (`irot`).
    @Test func rotatedHEICDecodesUprightLikeTheRotatedJPEG() throws {
        let data = try Fixtures.data("photo_tiny_orient6.heic")
        let info = try ImageProbe.probe(data)
        #expect(info.orientation == .right && info.pixelWidth == 160 && info.pixelHeight == 120)
        #expect(info.displayWidth == 120 && info.displayHeight == 160)
        let upright = try ImageDecoder().decode(data)
        let jpeg = try ImageDecoder().decode(try Fixtures.data("tiny_orient6.jpg"))
        #expect(upright.width == 120 && upright.height == 160)
        let differences = zip(upright.pixels, jpeg.pixels).map { abs(Int($0) - Int($1)) }
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 6)

        let thumbnail = try Thumbnailer().thumbnail(of: data, size: ThumbnailSize(points: 20, scale: 2), mode: .aspectFit)
        #expect(thumbnail.width == 30 && thumbnail.height == 40)
    }

    @Test func inverseOrientationUndoesEachOrientation() {
        let bitmap = TestImages.bitmap(width: 3, height: 2) { x, y in [UInt8(x), UInt8(y), 0] }
        for orientation in ImageOrientation.allCases {
            #expect(bitmap.oriented(orientation).oriented(orientation.inverse).pixels == bitmap.pixels, "\(orientation)")
        }
    }

    @Test(arguments: [ThumbnailMode.aspectFit, .aspectFill])
    func thumbnailsMatchTheJPEGsThumbnails(mode: ThumbnailMode) throws {
        let size = ThumbnailSize(points: 26, scale: 2)
        let fromHEIC = try Thumbnailer().thumbnail(of: try Self.heic(), size: size, mode: mode)
        let fromJPEG = try Thumbnailer().thumbnail(of: try Fixtures.data("photo_tiny.jpg"), size: size, mode: mode)
        #expect(fromHEIC.width == fromJPEG.width && fromHEIC.height == fromJPEG.height)
        // The JPEG path decodes DCT-scaled, the HEIC one at full size; both average the same photo.
        let differences = zip(fromHEIC.pixels, fromJPEG.pixels).map { abs(Int($0) - Int($1)) }
        #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 8)
    }

    /// The media library validates imports on several threads: libheif must be ready for that.
    @Test func decodesOnSeveralThreadsAtOnce() throws {
        let data = try Self.heic()
        let expected = try ImageDecoder().decode(data).pixels
        let matches = ConcurrentResults(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            matches.set(index, (try? ImageDecoder().decode(data).pixels) == expected)
        }
        #expect(matches.values == Array(repeating: true, count: 8))
    }

    @Test func decodedBitmapIsCountedAndReleased() throws {
        let ledger = MemoryLedger()
        do {
            let bitmap = try ImageDecoder(meter: ledger).decode(try Self.heic())
            #expect(ledger.totalBytes == bitmap.byteCount)
        }
        #expect(ledger.totalBytes == 0 && ledger.peakTotalBytes == 160 * 120 * 3)
    }

    @Test func headerClaimingMoreThanTheLimitIsRefusedBeforeDecoding() throws {
        let data = try Self.withClaimedSize(width: 20_000, height: 20_000)
        #expect(try ImageProbe.probe(data).pixelCount == 400_000_000)
        let ledger = MemoryLedger()
        let expected = ImageError.tooLarge(width: 20_000, height: 20_000, limitPixels: ImageLimits.defaultMaximumPixelCount)
        #expect(throws: expected) { try ImageDecoder(meter: ledger).decode(data) }
        #expect(throws: expected) {
            try Thumbnailer(meter: ledger).thumbnail(of: data, size: ThumbnailSize(points: 52, scale: 3), mode: .aspectFit)
        }
        #expect(ledger.peakTotalBytes == 0)
    }

    /// libheif decodes at the HEVC data's size whatever `ispe` says: a header that lies is refused.
    @Test(arguments: [(95, 120), (160, 135), (320, 240)])
    func headerSizeOtherThanTheImageDatasIsCorrupt(claimed: (width: Int, height: Int)) throws {
        let data = try Self.withClaimedSize(width: claimed.width, height: claimed.height)
        #expect(try ImageProbe.probe(data).pixelWidth == claimed.width)
        #expect(throws: ImageError.corrupt(format: "HEIC", reason: "the header says \(claimed.width)x\(claimed.height) pixels but the image data is 160x120")) {
            try ImageDecoder().decode(data)
        }
    }

    /// Past libheif's own 32,768-pixel side limit the file is refused while its header is read.
    @Test func sideOverLibheifsLimitIsRefusedWhileReadingTheHeader() throws {
        let data = try Self.withClaimedSize(width: 65_500, height: 65_500)
        let ledger = MemoryLedger()
        for attempt in [{ _ = try ImageProbe.probe(data) }, { _ = try ImageDecoder(meter: ledger).decode(data) }] {
            #expect {
                try attempt()
            } throws: { error in
                guard case ImageError.corrupt(format: "HEIC", let reason) = error else { return false }
                return reason.contains("65500x65500")
            }
        }
        #expect(ledger.peakTotalBytes == 0)
    }

    /// Where a HEIC is cut: inside its boxes, inside the HEVC data, one byte short.
    static let cuts: [(name: String, length: @Sendable (Data) -> Int)] = [
        ("inside ftyp", { _ in 20 }),
        ("inside meta", { $0.firstRange(of: Data("iloc".utf8))!.upperBound + 4 }),
        ("after meta", { $0.firstRange(of: Data("mdat".utf8))!.upperBound }),
        ("mid image data", { ($0.firstRange(of: Data("mdat".utf8))!.upperBound + $0.count) / 2 }),
        ("one byte short", { $0.count - 1 }),
    ]

    @Test(arguments: cuts.indices)
    func cutHEICIsTruncated(cut: Int) throws {
        let whole = try Self.heic()
        let data = whole.prefix(Self.cuts[cut].length(whole))
        #expect(throws: ImageError.truncated(format: "HEIC"), "decode") { try ImageDecoder().decode(data) }
        #expect(throws: ImageError.truncated(format: "HEIC"), "thumbnail") {
            try Thumbnailer().thumbnail(of: data, size: ThumbnailSize(points: 8, scale: 1), mode: .aspectFit)
        }
    }

    @Test func scrambledHEVCDataIsCorruptNotGrey() throws {
        var data = try Self.heic()
        let start = try #require(data.firstRange(of: Data("mdat".utf8))).upperBound + 8
        for index in start..<(start + 64) { data[index] ^= 0x5A }
        #expect {
            try ImageDecoder().decode(data)
        } throws: { error in
            if case ImageError.corrupt(format: "HEIC", let reason) = error { return !reason.isEmpty }
            return false
        }
    }
}

/// Results written by index from several threads.
private final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Bool]

    init(count: Int) { stored = Array(repeating: false, count: count) }

    func set(_ index: Int, _ value: Bool) { lock.withLock { stored[index] = value } }

    var values: [Bool] { lock.withLock { stored } }
}
