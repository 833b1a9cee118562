import CPNG
import CTurboJPEG
@testable import Core
import Foundation

/// Images made inside the tests, so that most cases need no fixture file.
enum TestImages {
    /// A bitmap whose pixel at (x, y) is `pixel(x, y)`.
    static func bitmap(width: Int, height: Int, format: PixelFormat = .rgb, meter: MemoryMeter? = nil,
                       pixel: (Int, Int) -> [UInt8]) -> Bitmap {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * format.bytesPerPixel)
        for y in 0..<height {
            for x in 0..<width {
                let value = pixel(x, y)
                precondition(value.count == format.bytesPerPixel)
                pixels += value
            }
        }
        return Bitmap(width: width, height: height, format: format, pixels: pixels, meter: meter)
    }

    /// A flat-colour bitmap.
    static func flat(width: Int, height: Int, format: PixelFormat = .rgb, colour: [UInt8]) -> Bitmap {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * colour.count)
        for _ in 0..<(width * height) { pixels += colour }
        return Bitmap(width: width, height: height, format: format, pixels: pixels)
    }

    /// Four flat quadrants: red top-left, green top-right, blue bottom-left, white bottom-right.
    /// Built row by row, so that a 12 MP one is quick even in a debug build.
    static func quadrants(width: Int, height: Int) -> Bitmap {
        func row(top: Bool) -> [UInt8] {
            (0..<width).flatMap { Quadrant(left: $0 < width / 2, top: top).colour }
        }
        let topRow = row(top: true), bottomRow = row(top: false)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height { pixels += y < height / 2 ? topRow : bottomRow }
        return Bitmap(width: width, height: height, format: .rgb, pixels: pixels)
    }

    /// A JPEG made with TurboJPEG (4:2:0 for colour unless `subsampling` says otherwise),
    /// baseline or progressive.
    static func jpeg(_ bitmap: Bitmap, quality: Int = 90, progressive: Bool = false, subsampling: TJSAMP = TJSAMP_420) -> Data {
        let format = bitmap.format == .gray ? TJPF_GRAY : bitmap.format == .rgb ? TJPF_RGB : TJPF_RGBA
        let subsampling = bitmap.format == .gray ? TJSAMP_GRAY : subsampling
        return compress(bitmap.pixels, width: bitmap.width, height: bitmap.height, pixelFormat: format,
                        subsampling: subsampling, quality: quality,
                        flags: progressive ? TJFLAG_PROGRESSIVE : 0)
    }

    /// A CMYK JPEG of raw CMYK bytes (4 per pixel), written by libjpeg with its Adobe segment.
    static func cmykJPEG(width: Int, height: Int, cmyk: [UInt8]) -> Data {
        compress(cmyk, width: width, height: height, pixelFormat: TJPF_CMYK, subsampling: TJSAMP_444,
                 quality: 95, flags: 0)
    }

    private static func compress(_ pixels: [UInt8], width: Int, height: Int, pixelFormat: TJPF,
                                 subsampling: TJSAMP, quality: Int, flags: Int32) -> Data {
        let compressor = tjInitCompress()!
        defer { tjDestroy(compressor) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(compressor, $0.baseAddress, Int32(width), 0, Int32(height), Int32(pixelFormat.rawValue),
                        &output, &size, Int32(subsampling.rawValue), Int32(quality), flags)
        }
        precondition(status == 0, String(cString: tjGetErrorStr2(compressor)))
        defer { tjFree(output) }
        return Data(bytes: output!, count: Int(size))
    }

    /// A PNG made with libpng's simplified writer.
    static func png(_ bitmap: Bitmap) -> Data {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(bitmap.width)
        image.height = UInt32(bitmap.height)
        image.format = bitmap.format == .gray ? UInt32(PNG_FORMAT_GRAY)
            : bitmap.format == .rgb ? UInt32(PNG_FORMAT_RGB) : UInt32(PNG_FORMAT_RGB | PNG_FORMAT_FLAG_ALPHA)
        var size = 0
        bitmap.pixels.withUnsafeBufferPointer {
            precondition(png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) != 0)
        }
        var output = Data(count: size)
        output.withUnsafeMutableBytes { buffer in
            bitmap.pixels.withUnsafeBufferPointer {
                precondition(png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, $0.baseAddress, 0, nil) != 0)
            }
        }
        return output.prefix(size)
    }

    /// A PNG written by hand (IHDR, one stored, uncompressed IDAT, IEND) for what libpng's
    /// simplified writer cannot make, such as 16-bit files without a gAMA chunk.
    /// `rows` are the raw scanlines without their filter byte.
    static func handMadePNG(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, rows: [[UInt8]]) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        let raw: [UInt8] = rows.flatMap { row -> [UInt8] in [0] + row }  // filter type 0 on every row
        precondition(raw.count < 65_536, "one stored deflate block holds at most 65,535 bytes")
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        let length = UInt16(raw.count), inverse = ~length
        let blockHeader: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8),
                                    UInt8(inverse & 0xFF), UInt8(inverse >> 8)]
        let deflate: [UInt8] = blockHeader + raw + bigEndian(b << 16 | a)
        let header: [UInt8] = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colourType, 0, 0, 0]
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var bytes = signature
        bytes += chunk("IHDR", header)
        bytes += chunk("IDAT", deflate)
        bytes += chunk("IEND", [])
        return Data(bytes)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    /// `jpeg` with an EXIF APP1 segment holding only an Orientation tag, right after SOI.
    static func withEXIFOrientation(_ jpeg: Data, _ orientation: UInt16) -> Data {
        var tiff: [UInt8] = Array("MM".utf8) + [0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]  // big-endian, IFD0 at 8
        tiff += [0x00, 0x01]                                                         // one entry
        tiff += [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01]                     // Orientation, SHORT, 1
        tiff += [UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0x00, 0x00]     // value, padded
        tiff += [0x00, 0x00, 0x00, 0x00]                                             // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
    }

    /// The CRC-32 PNG chunks carry (ISO 3309), for tests that patch a chunk.
    static func crc32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// A quadrant of ``TestImages/quadrants(width:height:)`` and its colour.
struct Quadrant: Equatable, CustomStringConvertible {
    let left: Bool
    let top: Bool

    var colour: [UInt8] {
        switch (left, top) {
        case (true, true): return [255, 0, 0]
        case (false, true): return [0, 255, 0]
        case (true, false): return [0, 0, 255]
        case (false, false): return [255, 255, 255]
        }
    }

    /// The quadrant whose colour `pixel` is closest to (JPEG shifts colours a little).
    static func nearest(to pixel: ArraySlice<UInt8>) -> Quadrant {
        let all = [true, false].flatMap { left in [true, false].map { Quadrant(left: left, top: $0) } }
        return all.min { distance($0.colour, pixel) < distance($1.colour, pixel) }!
    }

    private static func distance(_ colour: [UInt8], _ pixel: ArraySlice<UInt8>) -> Int {
        zip(colour, pixel).map { abs(Int($0) - Int($1)) }.reduce(0, +)
    }

    var description: String { (top ? "top" : "bottom") + "-" + (left ? "left" : "right") }
}

extension Bitmap {
    /// The mean of each channel over the whole bitmap.
    var channelMeans: [Double] {
        let channels = format.bytesPerPixel
        var sums = [Int](repeating: 0, count: channels)
        for (index, value) in pixels.enumerated() { sums[index % channels] += Int(value) }
        return sums.map { Double($0) / Double(width * height) }
    }

    /// The largest difference of any channel of any pixel from `colour`.
    func maximumDeviation(from colour: [UInt8]) -> Int {
        pixels.enumerated().map { abs(Int($0.element) - Int(colour[$0.offset % colour.count])) }.max() ?? 0
    }
}
