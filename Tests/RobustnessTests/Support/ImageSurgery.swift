import Foundation

/// Byte surgery on real image files: new sizes in headers, EXIF blocks put in, data overwritten.
enum ImageSurgery {
    // MARK: - Headers

    /// The JPEG with its frame header (SOF0/SOF2) claiming `width` x `height`.
    static func jpegFrame(of jpeg: Data, width: Int, height: Int) -> Data {
        var bytes = [UInt8](jpeg)
        guard let frame = (2..<bytes.count - 9).first(where: { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) }) else {
            preconditionFailure("no frame header")
        }
        bytes.replaceSubrange(frame + 5..<frame + 9, with: bigEndian(height, bytes: 2) + bigEndian(width, bytes: 2))
        return Data(bytes)
    }

    /// The PNG with its `IHDR` claiming `width` x `height`, its CRC made right again.
    static func pngHeader(of png: Data, width: Int, height: Int) -> Data {
        var bytes = [UInt8](png)
        bytes.replaceSubrange(16..<24, with: bigEndian(width, bytes: 4) + bigEndian(height, bytes: 4))
        bytes.replaceSubrange(29..<33, with: bigEndian(Int(crc32(bytes[12..<29])), bytes: 4))
        return Data(bytes)
    }

    /// The GIF with its logical screen claiming `width` x `height`.
    static func gifScreen(of gif: Data, width: Int, height: Int) -> Data {
        var bytes = [UInt8](gif)
        bytes.replaceSubrange(6..<10, with: [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)])
        return Data(bytes)
    }

    /// The HEIC with every `ispe` property claiming `width` x `height`.
    static func heicSize(of heic: Data, width: Int, height: Int) -> Data {
        var bytes = [UInt8](heic)
        let tag = Array("ispe".utf8)
        for index in 0..<bytes.count - 16 where Array(bytes[index..<index + 4]) == tag {
            bytes.replaceSubrange(index + 8..<index + 16, with: bigEndian(width, bytes: 4) + bigEndian(height, bytes: 4))
        }
        return Data(bytes)
    }

    /// The JPEG with bytes from a third of the way to two thirds set to `value`.
    static func overwritingMiddle(of jpeg: Data, with value: UInt8) -> Data {
        var bytes = [UInt8](jpeg)
        for index in bytes.count / 3..<bytes.count * 2 / 3 { bytes[index] = value }
        return Data(bytes)
    }

    // MARK: - EXIF

    /// The JPEG with an APP1 segment holding `payload` right after its start-of-image marker.
    static func withAPP1(_ jpeg: Data, _ payload: Data) -> Data {
        precondition(payload.count + 2 <= 0xFFFF, "an APP1 segment holds at most 65533 bytes")
        return jpeg.prefix(2) + Data([0xFF, 0xE1] + bigEndian(payload.count + 2, bytes: 2)) + payload + jpeg.dropFirst(2)
    }

    /// `Exif\0\0` and a little-endian TIFF header whose first IFD is at `firstIFDOffset`, then `body`.
    static func exif(firstIFDOffset: Int, body: [UInt8] = []) -> Data {
        Data(Array("Exif\0\0".utf8) + [0x49, 0x49, 0x2A, 0x00] + littleEndian(firstIFDOffset, bytes: 4) + body)
    }

    /// One IFD entry: tag, type, count, value or offset (little-endian).
    static func entry(tag: Int, type: Int, count: Int, value: Int) -> [UInt8] {
        littleEndian(tag, bytes: 2) + littleEndian(type, bytes: 2) + littleEndian(count, bytes: 4) + littleEndian(value, bytes: 4)
    }

    /// An IFD at offset 8: its entries, then the offset of the next IFD.
    static func ifd(_ entries: [[UInt8]], next: Int = 0) -> [UInt8] {
        littleEndian(entries.count, bytes: 2) + entries.flatMap { $0 } + littleEndian(next, bytes: 4)
    }

    /// EXIF with only an `Orientation` of `value`.
    static func orientationEXIF(_ value: Int) -> Data {
        exif(firstIFDOffset: 8, body: ifd([entry(tag: 0x0112, type: 3, count: 1, value: value)]))
    }

    /// A full 64 KB APP1: `Orientation` 6, then thousands of short ASCII tags.
    static func hugeEXIF() -> Data {
        let room = 0xFFFF - 2 - 14 - 2 - 4
        let filler = (0..<(room / 12 - 1)).map { index in
            entry(tag: 0xC000 + index, type: 2, count: 4, value: 0x0063_6261)
        }
        return exif(firstIFDOffset: 8, body: ifd([entry(tag: 0x0112, type: 3, count: 1, value: 6)] + filler))
    }

    /// IFD0 whose EXIF pointer and next-IFD pointer both lead back to itself.
    static func loopingEXIF() -> Data {
        exif(firstIFDOffset: 8, body: ifd([entry(tag: 0x0112, type: 3, count: 1, value: 6),
                                           entry(tag: 0x8769, type: 4, count: 1, value: 8),
                                           entry(tag: 0x8825, type: 4, count: 1, value: 8)], next: 8))
    }

    /// A `Make` tag claiming four billion characters, far past the block.
    static func hugeCountEXIF() -> Data {
        exif(firstIFDOffset: 8, body: ifd([entry(tag: 0x010F, type: 2, count: 0xFFFF_FFF0, value: 100)]))
    }

    // MARK: - Bytes

    static func bigEndian(_ value: Int, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    static func littleEndian(_ value: Int, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// PNG's CRC-32 (ISO 3309) of a chunk's type and data, so a patched header stays valid.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
