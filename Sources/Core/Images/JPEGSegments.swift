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

    /// A JPEG's frame as libjpeg lays out its coefficients: the frame header's components and
    /// whether the image comes in several scans.
    struct Frame: Equatable {
        /// Each component's horizontal and vertical sampling factor (1 to 4), in header order.
        let samplingFactors: [(horizontal: Int, vertical: Int)]
        /// Progressive (`SOF2`, `SOF6`, `SOF10`, `SOF14`).
        let isProgressive: Bool
        /// The first scan carries fewer components than the frame: one scan per component.
        let scansComponentsApart: Bool

        /// libjpeg reads such an image whole before it outputs a row (`jdcoefct.c` allocates its
        /// whole-image coefficient arrays when `has_multiple_scans`, set for a progressive frame
        /// or a first scan of fewer components than the frame, `jdinput.c`).
        var hasMultipleScans: Bool { isProgressive || scansComponentsApart }

        /// The bytes of those coefficient arrays for a `width` x `height` frame: for each
        /// component its blocks across and down, each rounded up to its sampling factor as
        /// `jdcoefct.c` rounds them, times 64 coefficients of 2 bytes (`JCOEF`).
        func coefficientBytes(width: Int, height: Int) -> Int {
            let maxHorizontal = samplingFactors.map(\.horizontal).max() ?? 1
            let maxVertical = samplingFactors.map(\.vertical).max() ?? 1
            return samplingFactors.reduce(0) { total, factors in
                let across = roundUp(divideUp(divideUp(width * factors.horizontal, maxHorizontal), 8), to: factors.horizontal)
                let down = roundUp(divideUp(divideUp(height * factors.vertical, maxVertical), 8), to: factors.vertical)
                return total + across * down * 64 * 2
            }
        }

        static func == (left: Frame, right: Frame) -> Bool {
            left.isProgressive == right.isProgressive && left.scansComponentsApart == right.scansComponentsApart
                && left.samplingFactors.elementsEqual(right.samplingFactors) { $0 == $1 }
        }

        private func divideUp(_ value: Int, _ divisor: Int) -> Int { (value + divisor - 1) / divisor }
        private func roundUp(_ value: Int, to multiple: Int) -> Int { divideUp(value, multiple) * multiple }
    }

    /// The frame header (`SOFn`: precision, height, width, then per component its ID, sampling
    /// factors and table, ITU-T T.81 B.2.2) and the first scan header's component count (`SOS`,
    /// B.2.3); `nil` when the header cannot be walked to the first scan.
    static func frame(_ data: Data) -> Frame? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Frame? in
            var factors: [(horizontal: Int, vertical: Int)] = [], progressive = false, sawFrame = false
            guard case .scan(let scan) = walkHeader(bytes, { marker, offset, length in
                guard (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), length >= 8 else { return true }
                let count = Int(bytes[offset + 9])
                guard offset + 10 + 3 * count <= bytes.count else { return false }
                factors = (0..<count).map { component in
                    let packed = Int(bytes[offset + 11 + 3 * component])
                    return (horizontal: max(1, packed >> 4), vertical: max(1, packed & 0x0F))
                }
                progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                sawFrame = true
                return true
            }), sawFrame, scan + 4 < bytes.count else { return nil }
            return Frame(samplingFactors: factors, isProgressive: progressive,
                         scansComponentsApart: Int(bytes[scan + 4]) < factors.count)
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
