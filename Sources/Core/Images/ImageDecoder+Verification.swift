import CTurboJPEG
import Foundation

/// Proving that an image decodes whole without keeping its pixels, as the media library's import
/// check needs.
extension ImageDecoder {
    /// Checks that the image in `data` decodes whole, as cheaply as its format allows, and keeps
    /// nothing: the errors are those of ``decode(_:applyingOrientation:)`` for the same data.
    ///
    /// ```swift
    /// try ImageDecoder().verify(try fileSystem.contents(of: "IMG_0001.JPG"))   // throws if cut or damaged
    /// ```
    ///
    /// - **JPEG**: decoded at TurboJPEG's smallest scale (1/8) into one grey channel. libjpeg
    ///   still reads every entropy-coded symbol of every block of every component and scan (it
    ///   cannot find the next block otherwise), so a file that is cut short, whose scan data ends
    ///   before the rows its header claims, or whose data is damaged fails exactly as the full
    ///   decode does; what it skips is the work on pixels: the inverse DCT beyond each block's
    ///   average, the colour components' output, upsampling and colour conversion. CMYK and YCCK
    ///   JPEGs, which libjpeg cannot turn into grey, are decoded to CMYK at the same scale. A JPEG
    ///   of several scans (progressive) has every coefficient kept until its last scan, 2 bytes each.
    /// - **PNG**: every row of every pass read into one row buffer through libpng's classic API
    ///   (``PNGReader/verify(_:limits:)``), which reads the same chunks and rows as the decode;
    ///   about 1 MB for a 100-megapixel file.
    /// - **GIF**: the first frame's lines read one at a time, the rest of the file skipped to its
    ///   trailer, as the decode reads it but without its canvas (``GIFReader/verify(_:limits:)``).
    /// - **HEIC** is decoded whole, as libheif decodes (it has no cheaper complete read), but
    ///   left in libheif's planes instead of an interleaved bitmap (``HEIFReader/verify(_:limits:)``):
    ///   about 60 MB at the peak for a 12-megapixel photo, 78 MB for the decode.
    ///
    /// The pixel limit applies to the stored size, as for a full decode. What the check takes in
    /// memory is known beforehand from the header: ``verificationCost(of:)``.
    public func verify(_ data: Data) throws(ImageError) {
        switch try ImageFormat.detect(data) {
        case .png:
            try PNGReader.verify(data, limits: limits)
        case .gif:
            try GIFReader.verify(data, limits: limits)
        case .heic:
            try HEIFReader.verify(data, limits: limits)
        case .jpeg:
            try verifyJPEG(data)
        }
    }

    private func verifyJPEG(_ data: Data) throws(ImageError) {
        let decompressor = try TurboJPEGDecompressor()
        let header = try decompressor.header(of: data)
        try limits.check(width: header.width, height: header.height)
        let scale = TurboJPEGDecompressor.Scale.downscaling.first ?? .full
        let pixelFormat = header.isCMYK ? TJPF_CMYK : TJPF_GRAY
        let byteCount = scale.scaled(header.width) * scale.scaled(header.height) * TurboJPEGDecompressor.pixelSize(pixelFormat)
        var outcome: Result<TurboJPEGDecompressor.Completion, ImageError> = .success(.complete)
        // Scratch pixels only: they are dropped when this returns, and never reported to the meter.
        _ = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            do throws(ImageError) {
                outcome = .success(try decompressor.decompress(data, scale: scale, header: header,
                                                               pixelFormat: pixelFormat, into: buffer))
            } catch {
                outcome = .failure(error)
            }
            initializedCount = 0
        }
        switch outcome {
        case .failure(let error): throw error
        case .success(.truncated): throw .truncated(format: "JPEG")
        case .success(.complete): return
        }
    }
}
