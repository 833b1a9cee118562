import Core
import Foundation
@testable import DeviceStore
@testable import World
import Testing

@Suite struct MediaLibraryRejectionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let expected: MediaLibraryError
        var testDescription: String { name }
    }

    /// The start of a WebP file (RIFF container, `WEBP` form, a `VP8 ` chunk header).
    static let webP: [UInt8] = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 0, count: 8)

    static let cases: [Case] = [
        Case(name: "party.webp", bytes: webP,
             expected: .unsupportedFile(path: "party.webp", detected: "WebP image")),
        Case(name: "photo.avif", bytes: [0, 0, 0, 24] + Array("ftypavif".utf8) + [UInt8](repeating: 0, count: 8),
             expected: .unsupportedFile(path: "photo.avif", detected: "AVIF image")),
        Case(name: "burst.heics", bytes: [0, 0, 0, 24] + Array("ftyphevc".utf8) + [UInt8](repeating: 0, count: 8),
             expected: .unsupportedFile(path: "burst.heics", detected: "HEIF image sequence")),
        Case(name: "old.gif", bytes: Array("GIF86a....".utf8),
             expected: .unsupportedFile(path: "old.gif", detected: "GIF image of an unknown version")),
        Case(name: "clip.mov", bytes: [0, 0, 0, 24] + Array("ftypqt  ".utf8) + [UInt8](repeating: 0, count: 8),
             expected: .unsupportedFile(path: "clip.mov", detected: "video (ISO media, brand qt)")),
        Case(name: "ann.vcf", bytes: Array("BEGIN:VCARD\nFN:Ann\nEND:VCARD\n".utf8),
             expected: .unsupportedFile(path: "ann.vcf", detected: "vCard contact")),
        Case(name: "notes.txt", bytes: Array("just some notes\n".utf8),
             expected: .unsupportedFile(path: "notes.txt", detected: "text")),
        Case(name: "empty.jpg", bytes: [], expected: .emptyFile(path: "empty.jpg")),
    ]

    @Test(arguments: cases)
    func unsupportedFilesAreRefusedByName(sample: Case) throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        #expect(throws: sample.expected) { try library.add([MediaSource(path: sample.name, data: Data(sample.bytes))]) }
        let message = sample.expected.description
        #expect(message.contains(sample.name))
        #expect(message.contains("JPEG, PNG, HEIC or GIF"))
        #expect(message.contains("Nothing was added."))
        #expect(try library.assets().isEmpty)
        #expect(try sandbox.cameraRollFiles().isEmpty)
    }

    @Test func aCorruptHeaderIsNamed() throws {
        let sandbox = try MediaSandbox()
        let broken = MediaSource(path: "broken.jpg", data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02, 0x00, 0x00]))
        #expect {
            try sandbox.open().add([broken])
        } throws: { error in
            guard case MediaLibraryError.corruptImage(path: "broken.jpg", format: "JPEG", _) = error else { return false }
            return "\(error)".contains("broken.jpg") && "\(error)".contains("Nothing was added.")
        }
    }

    /// The header of a half file is whole, so only decoding the image finds the missing half.
    @Test func aTruncatedPhotoIsRefusedThoughItsHeaderReads() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let whole = try sandbox.jpeg(width: 256, height: 192)
        let half = MediaSource(path: "half.jpg", data: whole.prefix(whole.count / 2))
        #expect(try ImageProbe.probe(try #require(half.data)).pixelWidth == 256)
        #expect(throws: MediaLibraryError.truncatedImage(path: "half.jpg", format: "JPEG")) {
            try library.add([MediaSource(path: "whole.jpg", data: whole), half])
        }
        #expect(try library.assets().isEmpty)
        #expect(try sandbox.cameraRollFiles().isEmpty)
    }

    /// Cut short and lying about its size are told apart, and neither blames the header.
    @Test func aCutPhotoAndAHeaderClaimingMoreRowsAreNamedForWhatTheyAre() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        var lying = try sandbox.jpeg(width: 64, height: 48)
        let frame = try #require(lying.firstRange(of: Data([0xFF, 0xC0]))).lowerBound
        lying.replaceSubrange((frame + 5)..<(frame + 7), with: [0, 96])    // SOF0 height 48 -> 96

        var refusal: MediaLibraryError?
        do { _ = try library.add([MediaSource(path: "tall.jpg", data: lying)]) } catch { refusal = error }
        guard case .corruptImage(path: "tall.jpg", format: "JPEG", let reason) = refusal else {
            Issue.record("expected a corrupt image, got \(String(describing: refusal))")
            return
        }
        #expect(reason.hasPrefix("the header claims 64x96 pixels but the image data ends before that"))
        #expect("\(refusal!)".hasPrefix("Cannot add tall.jpg: it starts like a JPEG but cannot be decoded (the header claims"))

        let cut = MediaLibraryError.truncatedImage(path: "half.jpg", format: "JPEG")
        #expect("\(cut)" == "Cannot add half.jpg: the JPEG ends before its image does (the file was cut short)."
                + " Copy or export it again whole. Nothing was added.")
        #expect(try library.assets().isEmpty)
        #expect(try sandbox.cameraRollFiles().isEmpty)
    }

    @Test func oneBadFileAddsNothing() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let good = MediaSource(path: "good.jpg", data: try sandbox.jpeg(width: 8, height: 8))
        let bad = MediaSource(path: "holiday/clip.webp", data: Data(Self.webP))
        #expect(throws: MediaLibraryError.unsupportedFile(path: "holiday/clip.webp", detected: "WebP image")) {
            try library.add([good, bad, try MediaSandbox.source("gradient_40x30.png")])
        }
        #expect(try library.assets().isEmpty)
        #expect(try sandbox.cameraRollFiles().isEmpty)
        // The counter did not move: the next photo is still the first.
        #expect(try library.add([good]).first?.fileName == "IMG_0001.JPG")
    }

    @Test func messagesTellTheUserWhatToDo() {
        #expect(MediaLibraryError.unsupportedFile(path: "clip.mov", detected: "video (ISO media, brand qt)").description
            == "Cannot add clip.mov: it looks like a video (ISO media, brand qt). PhotoSim's media library takes photos"
            + " only: JPEG, PNG, HEIC or GIF (simctl on a Mac also adds videos and contacts; PhotoSim does not model them)."
            + " Convert it to JPEG, PNG, HEIC or GIF, or leave it out. Nothing was added.")
        #expect(MediaLibraryError.unsupportedFile(path: "a.avif", detected: "AVIF image").description
            .hasPrefix("Cannot add a.avif: it looks like an AVIF image."))
        #expect(MediaLibraryError.unsupportedFile(path: "n.txt", detected: "text").description
            .hasPrefix("Cannot add n.txt: it looks like text."))
        #expect(MediaLibraryError.unknownAsset("X/L0/001").description.hasPrefix("No asset with local identifier X/L0/001"))
        #expect(MediaLibraryError.unknownAsset("X/L0/001").description.hasSuffix("Nothing was removed."))
    }

    @Test func aMissingFileIsUnreadable() throws {
        let sandbox = try MediaSandbox()
        let path = sandbox.folder + "/nowhere.jpg"
        #expect {
            try sandbox.open().add([MediaSource(filePath: path)])
        } throws: { error in
            guard case MediaLibraryError.unreadable(path: path, _) = error else { return false }
            return "\(error)".contains("nowhere.jpg")
        }
    }
}
