/// The most memory ``ImageDecoder/verify(_:)`` takes for one image beside the bytes it is given,
/// worked out from the header alone, so that checks running at once can keep to a shared budget.
///
/// ```swift
/// let cost = try ImageDecoder().verificationCost(of: data)
/// if data.count + cost.bytes > budgetBytes {
///     print("at most \(cost.pixelLimit(withinBytes: budgetBytes - data.count) ?? 0) pixels for a \(cost.kind)")
/// }
/// ```
///
/// PNGs, GIFs and JPEGs of one scan are read a row (or a row of blocks) at a time, so their cost
/// does not grow with the pixel count: ``bytesPerPixel`` is 0 and ``fixedBytes`` a few megabytes
/// at most. A HEIC (libheif decodes the whole image) and a JPEG of several scans (libjpeg keeps
/// every coefficient until the last scan) cost ``bytesPerPixel`` for each stored pixel, modelled
/// on what libheif 1.15 and libjpeg-turbo 2.1 allocate and checked against measurements (see
/// `HEIFReader` and `ImageDecoder+VerificationCost.swift`).
public struct VerificationCost: Equatable, Sendable {
    public let format: ImageFormat
    /// What the image is, in words a refusal can use: "PNG", "GIF", "JPEG", "HEIC", "progressive JPEG".
    public let kind: String
    /// The stored size (before orientation; a GIF's logical screen).
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Bytes for each stored pixel; 0 when the check reads the image a row at a time.
    public let bytesPerPixel: Double
    /// Bytes that do not grow with the pixel count: libraries' state, rows, buffers.
    public let fixedBytes: Int

    /// A negative count or size is a programmer error (traps).
    public init(format: ImageFormat, kind: String, pixelWidth: Int, pixelHeight: Int, bytesPerPixel: Double, fixedBytes: Int) {
        precondition(pixelWidth >= 0 && pixelHeight >= 0 && bytesPerPixel >= 0 && fixedBytes >= 0,
                     "a verification cost cannot be negative: \(pixelWidth)x\(pixelHeight) pixels, \(bytesPerPixel) bytes a pixel, \(fixedBytes) bytes")
        self.format = format
        self.kind = kind
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.bytesPerPixel = bytesPerPixel
        self.fixedBytes = fixedBytes
    }

    /// Stored pixels, the figure ``bytesPerPixel`` counts.
    public var pixelCount: Int { pixelWidth * pixelHeight }

    /// The whole estimate, in bytes.
    public var bytes: Int {
        fixedBytes + Int((Double(pixelCount) * bytesPerPixel).rounded(.up))
    }

    /// True when the cost grows with the pixel count (the check decodes the whole image at once).
    public var growsWithPixels: Bool { bytesPerPixel > 0 }

    /// The most pixels an image of this kind (the same format, layout and fixed part) may have
    /// for its check to take at most `budgetBytes`; `nil` when the cost does not grow with pixels.
    public func pixelLimit(withinBytes budgetBytes: Int) -> Int? {
        guard growsWithPixels else { return nil }
        return max(0, Int((Double(budgetBytes - fixedBytes) / bytesPerPixel).rounded(.down)))
    }
}
