import Core
import Foundation
import PhotoSimTesting
@testable import DeviceStore
@testable import World
import Testing

/// HEIC and GIF go in like JPEG and PNG: original bytes under the camera roll's name for the type,
/// with every guard of the import check in force.
@Suite struct MediaLibraryFormatTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let fixture: String
        let fileName: String
        let uniformTypeIdentifier: String
        let pixelWidth: Int
        let pixelHeight: Int
        var testDescription: String { fixture }
    }

    static let samples: [Sample] = [
        Sample(fixture: "photo_tiny.heic", fileName: "IMG_0001.HEIC", uniformTypeIdentifier: "public.heic",
               pixelWidth: 160, pixelHeight: 120),
        // `irot` turns the stored 160x120 upright; the asset reports the displayed size, as for a JPEG.
        Sample(fixture: "photo_tiny_orient6.heic", fileName: "IMG_0001.HEIC", uniformTypeIdentifier: "public.heic",
               pixelWidth: 120, pixelHeight: 160),
        Sample(fixture: "rgb_reference_96x64.gif", fileName: "IMG_0001.GIF", uniformTypeIdentifier: "com.compuserve.gif",
               pixelWidth: 96, pixelHeight: 64),
    ]

    @Test(arguments: samples)
    func aFileIsStoredByteForByteUnderItsTypesName(sample: Sample) throws {
        let sandbox = try MediaSandbox()
        let data = try MediaSandbox.fixture(sample.fixture)
        let path = try sandbox.writeSourceFile(sample.fixture, data)
        let added = try sandbox.open().add([MediaSource(filePath: path)])
        let asset = try #require(added.first)
        #expect(asset.fileName == sample.fileName)
        #expect(asset.path == "DCIM/100APPLE/" + sample.fileName)
        #expect(asset.uniformTypeIdentifier == sample.uniformTypeIdentifier)
        #expect(asset.pixelWidth == sample.pixelWidth && asset.pixelHeight == sample.pixelHeight)
        #expect(asset.originalFilename == sample.fixture && asset.fileSize == data.count)
        #expect(try sandbox.fileSystem.contents(of: sandbox.mediaFolder + "/" + asset.path) == data)
        let reopened = try sandbox.open(seed: 2, access: .readOnly)
        #expect(try reopened.assets() == added)
        #expect(try reopened.checkInvariants().isEmpty)
    }

    @Test func everyFormatInOneAddTakesConsecutiveNumbers() throws {
        let sandbox = try MediaSandbox()
        let sources = try ["tiny_exif_gps.jpg", "gradient_40x30.png", "photo_tiny.heic", "rgb_reference_96x64.gif"]
            .map(MediaSandbox.source)
        let added = try sandbox.open().add(sources)
        #expect(added.map(\.fileName) == ["IMG_0001.JPG", "IMG_0002.PNG", "IMG_0003.HEIC", "IMG_0004.GIF"])
        #expect(try sandbox.cameraRollFiles() == ["IMG_0001.JPG", "IMG_0002.PNG", "IMG_0003.HEIC", "IMG_0004.GIF"])
    }

    /// A cut HEIC or GIF has a readable header; the check decodes the image and finds the end missing.
    @Test(arguments: [("photo_tiny.heic", "HEIC"), ("rgb_reference_96x64.gif", "GIF")])
    func aTruncatedFileIsRefusedAsTruncated(fixture: String, format: String) throws {
        let sandbox = try MediaSandbox()
        let whole = try MediaSandbox.fixture(fixture)
        let half = MediaSource(path: "half-" + fixture, data: whole.prefix(whole.count * 2 / 3))
        let library = try sandbox.open()
        #expect(throws: MediaLibraryError.truncatedImage(path: half.path, format: format)) {
            try library.add([MediaSource(path: "whole.jpg", data: try MediaSandbox.fixture("tiny_exif_gps.jpg")), half])
        }
        #expect(try library.assets().isEmpty)
        #expect(try sandbox.cameraRollFiles().isEmpty)
    }

    /// A header claiming a huge image, at the start of a file bigger than the probe's prefix, is
    /// refused from the prefix alone: the rest of the file is never read.
    @Test(arguments: [BombHeader.gif, .heic])
    func aBombHeaderIsRefusedFromTheFirstBytes(bomb: BombHeader) throws {
        let sandbox = try MediaSandbox()
        let data = try bomb.file()
        #expect(data.count > ProbedPhoto.prefixBytes * 2)
        let path = try sandbox.writeSourceFile(bomb.fileName, data)
        let disk = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        let library = try sandbox.open(fileSystem: disk)
        #expect(throws: MediaLibraryError.imageTooLarge(path: path, pixelWidth: bomb.width, pixelHeight: bomb.height,
                                                        limitPixels: ImageLimits.defaultMaximumPixelCount)) {
            try library.add([MediaSource(filePath: path)])
        }
        #expect(disk.count(of: .read, pathContaining: bomb.fileName) == 1, "only the prefix was read")
        #expect(try sandbox.cameraRollFiles().isEmpty)
    }
}

/// A file whose header claims far more pixels than the limit, padded past the probe's prefix.
enum BombHeader: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case gif, heic

    var testDescription: String { rawValue }
    var fileName: String { "bomb." + rawValue }
    var width: Int { self == .gif ? 65_535 : 20_000 }
    var height: Int { self == .gif ? 65_535 : 15_000 }

    func file() throws -> Data {
        switch self {
        case .gif: return gif()
        case .heic: return try heic()
        }
    }

    /// A GIF89a screen and first frame of 65,535 x 65,535 pixels, then 300 KB of image data.
    private func gif() -> Data {
        func little(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        var bytes = Array("GIF89a".utf8) + little(width) + little(height) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        bytes += [0x2C] + little(0) + little(0) + little(width) + little(height) + [0, 2]
        for _ in 0..<1_200 { bytes += [255] + [UInt8](repeating: 0, count: 255) }
        return Data(bytes + [0, 0x3B])
    }

    /// photo_tiny.heic with its primary image's `ispe` set to 20,000 x 15,000 and a 300 KB `free`
    /// box after its image data (a camera file of that size would have 300 KB of image data there).
    private func heic() throws -> Data {
        var bytes = [UInt8](try MediaSandbox.fixture("photo_tiny.heic"))
        let ispe = Array("ispe".utf8)
        func big(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        var found = 0
        for start in 0..<(bytes.count - 16) where Array(bytes[start..<start + 4]) == ispe {
            bytes.replaceSubrange(start + 8..<start + 16, with: big(width) + big(height))
            found += 1
        }
        #expect(found >= 1)
        return Data(bytes) + Data(big(300_008) + Array("free".utf8) + [UInt8](repeating: 0, count: 300_000))
    }
}
