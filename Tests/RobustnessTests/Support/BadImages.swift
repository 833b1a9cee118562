import Foundation

/// The bad image corpus: variants of a few small real files, made at test time.
enum BadImages {
    static let jpeg = RobustnessFixtures.core("rgb_reference_96x64.jpg")
    static let png = RobustnessFixtures.own("rgb16_8x6.png")
    static let gif = RobustnessFixtures.core("rgb_reference_96x64.gif")
    static let heic = RobustnessFixtures.core("photo_tiny.heic")

    /// Every input, each with the outcome every entry point must give.
    static let all: [BadImage] = formats + truncations + bombs + exifDamage + oddities

    /// Real files of every format, including the unusual ones.
    static let formats: [BadImage] = [
        BadImage(name: "cmyk.jpg", data: RobustnessFixtures.core("cmyk_adobe_96x64.jpg"), outcome: .decodes(width: 96, height: 64)),
        BadImage(name: "screen.gif", data: gif, outcome: .decodes(width: 96, height: 64)),
        BadImage(name: "photo.heic", data: heic, outcome: .decodes(width: 160, height: 120)),
        BadImage(name: "deep-16-bit.png", data: png, outcome: .decodes(width: 8, height: 6)),
        BadImage(name: "gray.jpg", data: RobustnessFixtures.core("coldripple_gray_400x250.jpg"), outcome: .decodes(width: 400, height: 250)),
    ]

    /// Each format cut inside its signature, its header, its data and just before its end.
    static let truncations: [BadImage] = [("jpg", jpeg), ("png", png), ("gif", gif), ("heic", heic)].flatMap { type, data in
        [2, 30, data.count / 2, data.count - 2].map { length in
            // A PNG cut inside its closing IEND chunk has every pixel: libpng reads no further than the image data.
            let outcome: BadImage.Outcome = length == 2 ? .refused(.unsupported)
                : type == "png" && length == data.count - 2 ? .decodes(width: 8, height: 6) : .refused(.truncated)
            return BadImage(name: "cut-at-\(length).\(type)", data: data.prefix(length), outcome: outcome)
        }
    }

    /// Headers claiming more pixels than the limit (a decompression bomb in a few hundred bytes).
    static let bombs: [BadImage] = [
        BadImage(name: "bomb-65500x65500.jpg", data: ImageSurgery.jpegFrame(of: jpeg, width: 65_500, height: 65_500),
                 outcome: .refused(.tooLarge)),
        BadImage(name: "bomb-100000x100000.png", data: ImageSurgery.pngHeader(of: png, width: 100_000, height: 100_000),
                 outcome: .refused(.tooLarge)),
        BadImage(name: "bomb-65535x65535.gif", data: ImageSurgery.gifScreen(of: gif, width: 65_535, height: 65_535),
                 outcome: .refused(.tooLarge)),
        BadImage(name: "bomb-30000x30000.heic", data: ImageSurgery.heicSize(of: heic, width: 30_000, height: 30_000),
                 outcome: .refused(.tooLarge)),
        BadImage(name: "zero-width.jpg", data: ImageSurgery.jpegFrame(of: jpeg, width: 0, height: 64),
                 outcome: .refused(.corrupt)),
    ]

    /// A 64 KB APP1, IFD offsets past the end, IFDs that point at themselves, absurd counts.
    static let exifDamage: [BadImage] = [
        BadImage(name: "exif-64k.jpg", data: ImageSurgery.withAPP1(jpeg, ImageSurgery.hugeEXIF()), outcome: .decodes(width: 64, height: 96)),
        BadImage(name: "exif-ifd-offset-past-end.jpg", data: ImageSurgery.withAPP1(jpeg, ImageSurgery.exif(firstIFDOffset: 0xFFFF_FFF0)),
                 outcome: .decodes(width: 96, height: 64)),
        BadImage(name: "exif-ifd-loop.jpg", data: ImageSurgery.withAPP1(jpeg, ImageSurgery.loopingEXIF()), outcome: .decodes(width: 64, height: 96)),
        BadImage(name: "exif-huge-count.jpg", data: ImageSurgery.withAPP1(jpeg, ImageSurgery.hugeCountEXIF()), outcome: .decodes(width: 96, height: 64)),
        BadImage(name: "exif-orientation-99.jpg", data: ImageSurgery.withAPP1(jpeg, ImageSurgery.orientationEXIF(99)),
                 outcome: .decodes(width: 96, height: 64)),
        BadImage(name: "exif-app1-only-header.jpg", data: ImageSurgery.withAPP1(jpeg, Data("Exif\0\0".utf8)), outcome: .decodes(width: 96, height: 64)),
    ]

    /// Not images at all, or images with something extra.
    static let oddities: [BadImage] = [
        BadImage(name: "empty.jpg", data: Data(), outcome: .refused(.empty)),
        BadImage(name: "notes.jpg", data: Data("These are my notes, not a photo.\n".utf8), outcome: .refused(.unsupported)),
        BadImage(name: "zeros.jpg", data: Data(count: 4096), outcome: .refused(.unsupported)),
        BadImage(name: "trailing-garbage.jpg", data: jpeg + Data("garbage after the end of the image".utf8),
                 outcome: .decodes(width: 96, height: 64)),
        BadImage(name: "trailing-garbage.png", data: png + Data(repeating: 0xAB, count: 100), outcome: .decodes(width: 8, height: 6)),
        BadImage(name: "only-soi.jpg", data: Data([0xFF, 0xD8, 0xFF]), outcome: .refused(.truncated)),
        // Zeros are valid Huffman codes: the picture is wrong, the file is not damaged as JPEG.
        BadImage(name: "scan-zeroed.jpg", data: ImageSurgery.overwritingMiddle(of: jpeg, with: 0x00), outcome: .decodes(width: 96, height: 64)),
    ]
}
