import Foundation

/// Walks the boxes of an ISO base media file (HEIF) for the facts libheif 1.15 does not report:
/// where a cut file ends, and which `irot`/`imir` properties orient the primary image.
///
/// Every read is bounds-checked; a malformed structure gives "no answer", never a trap: libheif
/// reads the file itself and reports what is wrong with it.
enum HEIFBoxes {
    /// One box: its four-letter type and where its payload lies in the data.
    struct Box {
        let type: String
        let payload: Range<Int>
    }

    /// True when the last top-level box, or its header, runs past the end of `data`, or when
    /// nothing follows the `ftyp` box (a file cut right after it).
    static func endEarly(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0, boxes = 0
            while offset < bytes.count {
                switch header(in: bytes, at: offset, end: bytes.count) {
                case .cut: return true
                case .malformed: return false  // not a cut: libheif says what is wrong
                case .box(_, let end, _): offset = end
                }
                boxes += 1
            }
            return boxes == 1
        }
    }

    /// The boxes that fill `range` of `bytes`, in order; `nil` when they do not fill it exactly.
    static func children(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> [Box]? {
        var boxes: [Box] = [], offset = range.lowerBound
        // HEIF headers hold a few dozen boxes per level; the bound only stops a hostile file.
        while offset < range.upperBound && boxes.count < 4_096 {
            guard case .box(let type, let end, let payloadStart) = header(in: bytes, at: offset, end: range.upperBound)
            else { return nil }
            boxes.append(Box(type: type, payload: payloadStart..<end))
            offset = end
        }
        return offset == range.upperBound ? boxes : nil
    }

    /// The big-endian unsigned number in `count` bytes at `offset`, `nil` past `end`.
    static func number(in bytes: UnsafeRawBufferPointer, at offset: Int, count: Int, end: Int) -> Int? {
        guard offset >= 0, offset + count <= min(end, bytes.count) else { return nil }
        return bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    private enum Header {
        case box(type: String, end: Int, payloadStart: Int)
        case cut
        case malformed
    }

    /// The box header at `offset`: 32-bit size and type, a 64-bit size when the size is 1, the
    /// rest of the enclosing range when it is 0.
    private static func header(in bytes: UnsafeRawBufferPointer, at offset: Int, end: Int) -> Header {
        guard let size32 = number(in: bytes, at: offset, count: 4, end: end), offset + 8 <= end else { return .cut }
        let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
        var size = size32, headerLength = 8
        if size == 1 {
            guard let size64 = number(in: bytes, at: offset + 8, count: 8, end: end) else { return .cut }
            (size, headerLength) = (size64, 16)
        } else if size == 0 {
            size = end - offset
        }
        guard size >= headerLength else { return .malformed }
        guard size <= end - offset else { return .cut }
        return .box(type: type, end: offset + size, payloadStart: offset + headerLength)
    }
}
