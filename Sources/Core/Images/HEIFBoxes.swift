import Foundation

/// Walks the top-level boxes of an ISO base media file (HEIF), for the fact libheif does not
/// report: a file cut inside a box makes libheif say the box is missing ("No 'meta' box").
enum HEIFBoxes {
    /// True when the last top-level box, or its header, runs past the end of `data`, or when
    /// nothing follows the `ftyp` box (a file cut right after it).
    static func endEarly(_ data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var offset = 0, boxes = 0
            while offset < bytes.count {
                guard offset + 8 <= bytes.count else { return true }
                var size = UInt64(bigEndian: bytes, at: offset, count: 4)
                var headerLength: UInt64 = 8
                if size == 1 {  // a 64-bit size follows the type
                    guard offset + 16 <= bytes.count else { return true }
                    size = UInt64(bigEndian: bytes, at: offset + 8, count: 8)
                    headerLength = 16
                }
                if size == 0 { return false }  // the box runs to the end of the file
                guard size >= headerLength else { return false }  // malformed, not cut: libheif says so
                guard size <= UInt64(bytes.count - offset) else { return true }
                offset += Int(size)
                boxes += 1
            }
            return boxes == 1
        }
    }
}

private extension UInt64 {
    /// The big-endian unsigned number in `count` bytes of `bytes` at `offset`.
    init(bigEndian bytes: UnsafeRawBufferPointer, at offset: Int, count: Int) {
        self = bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
