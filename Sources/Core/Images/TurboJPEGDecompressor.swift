import CTurboJPEG
import Foundation

/// One TurboJPEG decompression handle: reads JPEG headers and decodes, optionally DCT-scaled,
/// straight into a buffer the caller has sized.
final class TurboJPEGDecompressor {
    /// What `tjDecompressHeader3` reports.
    struct Header {
        let width: Int
        let height: Int
        let colorspace: TJCS

        /// Four-component JPEGs, which TurboJPEG 2.1 only decodes to `TJPF_CMYK`.
        var isCMYK: Bool { colorspace == TJCS_CMYK || colorspace == TJCS_YCCK }
        var isGray: Bool { colorspace == TJCS_GRAY }
    }

    /// A DCT scaling factor libjpeg-turbo can decode at (1/8, 1/4, 3/8, ... 2/1).
    struct Scale: Equatable, CustomStringConvertible {
        let numerator: Int
        let denominator: Int

        static let full = Scale(numerator: 1, denominator: 1)

        /// The factors below or at 1/1, smallest first (decoding never upscales).
        static let downscaling: [Scale] = {
            var count: Int32 = 0
            guard let factors = tjGetScalingFactors(&count) else { return [.full] }
            let all = UnsafeBufferPointer(start: factors, count: Int(count)).map {
                Scale(numerator: Int($0.num), denominator: Int($0.denom))
            }
            return all.filter { $0.numerator <= $0.denominator }
                .sorted { $0.numerator * $1.denominator < $1.numerator * $0.denominator }
        }()

        /// `TJSCALED`: the decoded length of a stored `length`.
        func scaled(_ length: Int) -> Int { (length * numerator + denominator - 1) / denominator }

        /// True when this factor is at least `target` / `source`.
        func covers(_ target: Int, of source: Int) -> Bool { numerator * source >= target * denominator }

        var description: String { "\(numerator)/\(denominator)" }
    }

    /// How a decode ended when TurboJPEG did not fail outright.
    enum Completion: Equatable {
        case complete
        /// The data ended early; libjpeg filled the rest of the image with grey.
        case truncated
    }

    private let handle: tjhandle

    init() throws(ImageError) {
        guard let handle = tjInitDecompress() else {
            throw .corrupt(format: "JPEG", reason: "could not start TurboJPEG: \(String(cString: tjGetErrorStr2(nil)))")
        }
        self.handle = handle
    }

    deinit { tjDestroy(handle) }

    /// Reads the frame header. Throws ``ImageError/truncated(format:)`` when the data ends inside
    /// the header, else ``ImageError/corrupt(format:reason:)`` with TurboJPEG's message.
    ///
    /// Unlike a decode, a header with a warning is refused: stray bytes among the header's
    /// segments mean a segment was lost (a missing quantisation table still "decodes", to noise).
    /// A file cut inside its header makes libjpeg report what it then missed ("Invalid JPEG file
    /// structure: missing SOS marker"), so the segments are walked to tell a cut apart.
    func header(of data: Data) throws(ImageError) -> Header {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = data.withUnsafeBytes { buffer in
            tjDecompressHeader3(handle, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt(buffer.count),
                                &width, &height, &subsampling, &colorspace)
        }
        guard status == 0, width > 0, height > 0 else {
            // Cut before the frame header, TurboJPEG may even succeed with a size of 0 x 0.
            if JPEGSegments.headerEndsEarly(data) { throw .truncated(format: "JPEG") }
            throw .corrupt(format: "JPEG", reason: status == 0 ? "the header has no image size" : lastError)
        }
        return Header(width: Int(width), height: Int(height), colorspace: TJCS(UInt32(colorspace)))
    }

    /// Decodes `data` at `scale` into `buffer`, which must hold exactly the scaled size in `pixelFormat`.
    ///
    /// TurboJPEG fills whatever the data does not cover with grey and only warns
    /// (`tjGetErrorCode` is `TJERR_WARNING`), so its first warning decides:
    /// - "Premature end of JPEG file", or any failure when the data has no end-of-image marker
    ///   after its first scan, is ``Completion/truncated``: the file stops early.
    /// - Other "Corrupt JPEG data" warnings are ``ImageError/corrupt(format:reason:)``: the scan
    ///   data ends before the rows the header claims ("premature end of data segment": a header
    ///   that lies about the size), or it is damaged ("bad Huffman code", "found marker ...
    ///   instead of RST").
    /// - "extraneous bytes before marker" (common in camera files) and warnings about the
    ///   metadata are ignored, as every viewer does.
    ///
    /// `TJFLAG_STOPONWARNING` is not used: it would stop at the harmless warnings too. libjpeg
    /// keeps the text of its first warning only, which is why the end-of-image marker is looked
    /// for as well: stray bytes warned about before the data ran out would hide "Premature end".
    func decompress(_ data: Data, scale: Scale, header: Header, pixelFormat: TJPF,
                    into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ImageError) -> Completion {
        let width = scale.scaled(header.width), height = scale.scaled(header.height)
        precondition(buffer.count == width * height * Self.pixelSize(pixelFormat),
                     "the buffer does not fit a \(width)x\(height) image")
        let status = data.withUnsafeBytes { source in
            tjDecompress2(handle, source.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt(source.count),
                          buffer.baseAddress, Int32(width), 0, Int32(height), Int32(pixelFormat.rawValue), 0)
        }
        if status == 0 { return .complete }
        let message = lastError
        if message.hasPrefix("Premature end of JPEG file") || !JPEGSegments.hasEndOfImageAfterFirstScan(data) {
            return .truncated
        }
        guard isWarning else { throw .corrupt(format: "JPEG", reason: message) }
        if let reason = Self.damage(described: message, width: header.width, height: header.height) {
            throw .corrupt(format: "JPEG", reason: reason)
        }
        return .complete
    }

    /// What a libjpeg warning says is wrong with the image data, or `nil` for a harmless one.
    static func damage(described warning: String, width: Int, height: Int) -> String? {
        guard warning.hasPrefix("Corrupt JPEG data"), !warning.contains("extraneous bytes") else { return nil }
        if warning.contains("premature end of data segment") {
            return "the header claims \(width)x\(height) pixels but the image data ends before that (\(warning))"
        }
        return "the image data is damaged (\(warning))"
    }

    /// Bytes per pixel of a TurboJPEG pixel format.
    static func pixelSize(_ format: TJPF) -> Int {
        switch format {
        case TJPF_GRAY: return 1
        case TJPF_RGB, TJPF_BGR: return 3
        default: return 4
        }
    }

    private var lastError: String { String(cString: tjGetErrorStr2(handle)) }

    /// Whether the last call's failure was only a warning (the image is still usable).
    private var isWarning: Bool { tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) }
}
