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
            guard case .scan(var index) = walkHeader(bytes, { _, _, _ in true }) else { return false }
            while index + 1 < bytes.count {
                if bytes[index] == 0xFF && bytes[index + 1] == 0xD9 { return true }
                index += 1
            }
            return false
        }
    }

    /// True when the data ends inside a well-formed header: before the first scan's `FF DA`
    /// segment is complete, or inside a segment whose length runs past the end. libjpeg then
    /// reports whatever it found missing ("missing SOS marker", "contains no image"), not the cut.
    /// A header with stray bytes between its segments is damaged, not only cut: false.
    static func headerEndsEarly(_ data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            switch walkHeader(bytes, { _, _, _ in true }) {
            case .endOfData(let afterStrayBytes): return !afterStrayBytes
            case .scan(let offset):
                guard offset + 4 <= bytes.count else { return true }
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                return offset + 2 + length > bytes.count
            case .stopped: return false
            }
        }
    }

    /// Where a walk over the header's segments ended.
    private enum HeaderWalk {
        /// At the first scan's `FF DA`, at this offset.
        case scan(Int)
        /// The visitor, an end-of-image marker, a bad length or the segment bound stopped it.
        case stopped
        /// The data ended before the first scan, possibly inside a segment, and after skipping
        /// stray bytes between segments or not.
        case endOfData(afterStrayBytes: Bool)
    }

    /// Visits the header's segments in order (`marker`, offset of its `FF`, length field) until
    /// `visit` returns false, and says where the walk ended. Stray bytes between segments are
    /// skipped, as libjpeg skips them (with a warning).
    private static func walkHeader(_ bytes: UnsafeRawBufferPointer,
                                   _ visit: (_ marker: UInt8, _ offset: Int, _ length: Int) -> Bool) -> HeaderWalk {
        var offset = 2, segments = 0, sawStrayBytes = false
        // A header has a few dozen segments; the bound only stops a hostile file from looping.
        while segments < 1_024 {
            guard offset < bytes.count else { return .endOfData(afterStrayBytes: sawStrayBytes) }
            guard bytes[offset] == 0xFF else {  // stray byte
                offset += 1
                sawStrayBytes = true
                continue
            }
            guard offset + 4 <= bytes.count else { return .endOfData(afterStrayBytes: sawStrayBytes) }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0xDA { return .scan(offset) }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if marker == 0xD9 || length < 2 { return .stopped }
            if offset + 2 + length > bytes.count { return .endOfData(afterStrayBytes: sawStrayBytes) }
            if !visit(marker, offset, length) { return .stopped }
            offset += 2 + length
            segments += 1
        }
        return .stopped
    }
}
