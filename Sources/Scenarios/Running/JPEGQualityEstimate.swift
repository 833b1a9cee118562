import Core
import Foundation

/// The quality a JPEG was written at, read from its luminance quantization table.
///
/// Method: libjpeg (and so TurboJPEG, and every encoder built on them) scales one standard
/// table by the quality (`jpeg_quality_scaling` in jcparam.c) to make the table it writes in the
/// file's `DQT` segment. Rather than copy libjpeg's tables, the reference tables are made by
/// libjpeg itself: an 8x8 image is encoded through TurboJPEG at each quality 1…100 and its
/// table 0 kept. A file's table 0 is compared with these: an exact match gives that quality
/// (``Estimate/isExact``); otherwise the quality whose table is nearest (least summed difference)
/// is an estimate, as for a file from an encoder with other tables.
enum JPEGQualityEstimate {
    /// A quality and whether the file's table is exactly libjpeg's for it.
    struct Estimate: Equatable {
        let quality: Int
        let isExact: Bool
    }

    /// The estimate for `data`, or nil when it has no luminance table (not a JPEG).
    static func estimate(_ data: Data) -> Estimate? {
        guard let table = luminanceTable(in: data) else { return nil }
        var best = Estimate(quality: 0, isExact: false), bestDistance = Int.max
        for (offset, reference) in referenceTables.enumerated() {
            let distance = zip(table, reference).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            if distance < bestDistance {
                bestDistance = distance
                best = Estimate(quality: offset + 1, isExact: distance == 0)
            }
        }
        return best
    }

    /// libjpeg's luminance table (zigzag order, as written) for qualities 1…100.
    static let referenceTables: [[UInt16]] = (1...100).map { quality in
        let gray = Bitmap(width: 8, height: 8, format: .gray, pixels: [UInt8](repeating: 128, count: 64))
        guard let data = try? JPEGEncoder.encode(gray, quality: quality), let table = luminanceTable(in: data) else {
            preconditionFailure("TurboJPEG did not write a quantization table at quality \(quality)")
        }
        return table
    }

    /// The 64 entries of quantization table 0 from the file's `DQT` segments, in file order.
    static func luminanceTable(in data: Data) -> [UInt16]? {
        let bytes = [UInt8](data)
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if marker == 0xDA || marker == 0xD9 || length < 2 { return nil }
            if marker == 0xDB, let table = table0(bytes, from: offset + 4, to: min(offset + 2 + length, bytes.count)) {
                return table
            }
            offset += 2 + length
        }
        return nil
    }

    /// Table 0 among the tables of one `DQT` segment's body.
    private static func table0(_ bytes: [UInt8], from start: Int, to end: Int) -> [UInt16]? {
        var position = start
        while position < end {
            let precision = bytes[position] >> 4, identifier = bytes[position] & 0x0F
            let size = precision == 0 ? 64 : 128
            guard position + 1 + size <= end else { return nil }
            if identifier == 0 {
                return (0..<64).map { index in
                    precision == 0 ? UInt16(bytes[position + 1 + index])
                        : UInt16(bytes[position + 1 + 2 * index]) << 8 | UInt16(bytes[position + 2 + 2 * index])
                }
            }
            position += 1 + size
        }
        return nil
    }
}
