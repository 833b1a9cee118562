import Foundation

/// What ``ImageDecoder/verify(_:)`` will take in memory, known before it runs.
extension ImageDecoder {
    /// The most memory `verify(data)` takes beside `data`, from the header alone (see
    /// ``VerificationCost``). Throws the errors the probe throws for a header it cannot read, in
    /// which case `verify` fails on the same header before it takes any memory.
    public func verificationCost(of data: Data) throws(ImageError) -> VerificationCost {
        switch try ImageFormat.detect(data) {
        case .png: return try PNGReader.verificationCost(of: data)
        case .gif: return try GIFReader.verificationCost(of: data)
        case .heic: return try HEIFReader.verificationCost(of: data)
        case .jpeg: return try Self.jpegVerificationCost(of: data)
        }
    }

    /// libjpeg's working memory beside the output and the coefficients, generously: for each
    /// component a few rows of blocks at 1/8 scale (`jdmainct.c`, `jdsample.c`; under 16 bytes
    /// for each column of the image, counted apart), its pools, its block-smoothing state for
    /// progressive files and TurboJPEG's handle: measured at 1.3 MB beside 24 MB of coefficients,
    /// and up to 1 MB more on a loaded machine (the allocator's arenas, the kernel's pages), so
    /// the bound keeps 3 MB.
    static let jpegFixedBytes = 3 << 20

    /// A JPEG of one scan is decoded a row of blocks at a time: its cost is the 1/8-scale output
    /// and libjpeg's rows. A JPEG of several scans (progressive, or one scan per component) has
    /// every coefficient of every block kept until the last scan, 2 bytes each: 3 bytes a pixel
    /// at 4:2:0, 6 at 4:4:4 (a 100-megapixel progressive 4:2:0 JPEG took 294 MB, 4:4:4 586 MB).
    /// A frame header that cannot be walked is costed as 4:4:4:4 with several scans.
    private static func jpegVerificationCost(of data: Data) throws(ImageError) -> VerificationCost {
        let header = try TurboJPEGDecompressor().header(of: data)
        let scale = TurboJPEGDecompressor.Scale.downscaling.first ?? .full
        let output = scale.scaled(header.width) * scale.scaled(header.height) * (header.isCMYK ? 4 : 1)
        let fixedBytes = output + 16 * header.width + jpegFixedBytes
        let pixelCount = header.width * header.height
        let size = (width: header.width, height: header.height)
        let frame = JPEGSegments.frame(data)
            ?? JPEGSegments.Frame(samplingFactors: Array(repeating: (1, 1), count: 4), isProgressive: true, scansComponentsApart: false)
        guard frame.hasMultipleScans else {
            return VerificationCost(format: .jpeg, kind: "JPEG", pixelWidth: size.width, pixelHeight: size.height,
                                    bytesPerPixel: 0, fixedBytes: fixedBytes)
        }
        let coefficients = frame.coefficientBytes(width: header.width, height: header.height)
        return VerificationCost(format: .jpeg, kind: frame.isProgressive ? "progressive JPEG" : "multi-scan JPEG",
                                pixelWidth: size.width, pixelHeight: size.height,
                                bytesPerPixel: Double(coefficients) / Double(max(1, pixelCount)),
                                fixedBytes: fixedBytes)
    }
}
