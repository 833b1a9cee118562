import Foundation

/// Walks the marker segments of a JPEG header, for the facts TurboJPEG does not report.
enum JPEGSegments {
    /// True when an Adobe `APP14` segment comes before the first scan.
    ///
    /// Photoshop, ImageMagick and libjpeg itself write one with every CMYK JPEG, and by the
    /// convention every viewer follows such files store inverted CMYK (0 = full ink).
    static func hasAdobeSegment(_ data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var found = false
            _ = walkHeader(bytes) { marker, offset, length in
                found = marker == 0xEE && length >= 7 && offset + 9 <= bytes.count
                    && bytes[(offset + 4)..<(offset + 9)].elementsEqual("Adobe".utf8)
                return !found
            }
            return found
        }
    }

    /// True when an end-of-image marker (`FF D9`) follows the start of the first scan.
    ///
    /// Inside entropy-coded data a `FF` byte is always followed by `00` or a restart marker, so
    /// `FF D9` after the first scan starts is the end of the image: a file without one stops early.
    static func hasEndOfImageAfterFirstScan(_ data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            guard var index = walkHeader(bytes, { _, _, _ in true }) else { return false }
            while index + 1 < bytes.count {
                if bytes[index] == 0xFF && bytes[index + 1] == 0xD9 { return true }
                index += 1
            }
            return false
        }
    }

    /// Visits the header's segments in order (`marker`, offset of its `FF`, length field) until
    /// `visit` returns false. Returns the offset of the first scan's `FF DA`, or `nil` when the
    /// walk stopped or ran off the data. Stray bytes between segments are skipped, as libjpeg
    /// skips them (with a warning).
    private static func walkHeader(_ bytes: UnsafeRawBufferPointer,
                                   _ visit: (_ marker: UInt8, _ offset: Int, _ length: Int) -> Bool) -> Int? {
        var offset = 2, segments = 0
        // A header has a few dozen segments; the bound only stops a hostile file from looping.
        while segments < 1_024 && offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { offset += 1; continue }  // stray byte
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0xDA { return offset }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if marker == 0xD9 || length < 2 || !visit(marker, offset, length) { return nil }
            offset += 2 + length
            segments += 1
        }
        return nil
    }
}
