import Foundation

/// Walks the marker segments of a JPEG header, for the facts TurboJPEG does not report.
enum JPEGSegments {
    /// True when an Adobe `APP14` segment comes before the first scan.
    ///
    /// Photoshop, ImageMagick and libjpeg itself write one with every CMYK JPEG, and by the
    /// convention every viewer follows such files store inverted CMYK (0 = full ink).
    static func hasAdobeSegment(_ data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var offset = 2
            // A header has a few dozen segments; the bound only stops a hostile file from looping.
            for _ in 0..<1_024 {
                guard offset + 4 <= bytes.count, bytes[offset] == 0xFF else { return false }
                let marker = bytes[offset + 1]
                if marker == 0xFF { offset += 1; continue }  // fill byte
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                if marker == 0xDA || marker == 0xD9 || length < 2 { return false }
                if marker == 0xEE, length >= 7, offset + 9 <= bytes.count,
                   Array(bytes[(offset + 4)..<(offset + 9)]) == Array("Adobe".utf8) {
                    return true
                }
                offset += 2 + length
            }
            return false
        }
    }
}
