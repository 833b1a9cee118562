import Foundation

/// Reads GIFs with giflib: the first frame, drawn on the file's logical screen.
///
/// - **Size**: the image's size is the logical screen's (as browsers and iOS's `UIImage` show a
///   GIF). The screen's size, then the first frame's, are checked against ``ImageLimits`` before
///   any pixel buffer exists; giflib has no limit of its own to set.
/// - **Transparency**: GIF has no partial alpha, only one transparent colour index. A first frame
///   with one, or one that leaves part of the screen uncovered, decodes to RGBA (uncovered and
///   transparent pixels are `(0, 0, 0, 0)`), as a PNG with any transparency does; others to RGB.
///   A colour index past the end of the colour table is drawn black.
/// - **Animation**: only the first frame is decoded (the still image iOS shows for a GIF in the
///   photo library's grid). The rest of the file is still read, without decoding, so a file cut
///   in a later frame is ``ImageError/truncated(format:)``, as is a file without its trailer.
/// - **Damage**: image data that ends before the rows the frame claims (an LZW end code too
///   early) is ``ImageError/corrupt(format:reason:)``.
enum GIFReader {
    /// The logical screen's size and whether the first frame has transparency, without pixels.
    static func probe(_ data: Data) throws(ImageError) -> ImageInfo {
        try GIFFile.withFile(data) { file throws(ImageError) in
            try checkScreen(of: file)
            let frame = try file.firstFrameHeader()
            return ImageInfo(format: .gif, pixelWidth: file.screenWidth, pixelHeight: file.screenHeight,
                             orientation: .up, exif: nil, hasAlpha: hasAlpha(frame, in: file))
        }
    }

    /// Decodes the first frame onto the logical screen.
    static func decode(_ data: Data, limits: ImageLimits, meter: MemoryMeter?) throws(ImageError) -> Bitmap {
        try GIFFile.withFile(data) { file throws(ImageError) in
            let frame = try firstFrame(of: file, limits: limits)
            let format: PixelFormat = hasAlpha(frame, in: file) ? .rgba : .rgb
            let pixels = try draw(frame, of: file, format: format)
            try file.skipToTrailer()
            return Bitmap(width: file.screenWidth, height: file.screenHeight, format: format, pixels: pixels, meter: meter)
        }
    }

    /// Reads what ``decode(_:limits:meter:)`` reads, in the same order, without a canvas: the
    /// first frame's lines one at a time into giflib's one line buffer (`DGifGetLine`), then
    /// every later record to the trailer. So the same cuts and damage fail with the same errors,
    /// and the memory taken is one line and giflib's LZW tables, whatever the screen's size.
    static func verify(_ data: Data, limits: ImageLimits) throws(ImageError) {
        try GIFFile.withFile(data) { file throws(ImageError) in
            let frame = try firstFrame(of: file, limits: limits)
            try file.readRows(of: frame) { _, _ in }
            try file.skipToTrailer()
        }
    }

    /// What ``verify(_:limits:)`` takes beside the file: one line of the first frame, its row
    /// order (8 bytes a row), giflib's state and LZW tables (about 30 KB) and the descriptor of
    /// one frame at a time (see `GIFFile.skipToTrailer()`), with the probe's and the runtime's
    /// small allocations around them: measured at about 1 MB, costed at 2 MB plus the line and rows.
    static func verificationCost(of data: Data) throws(ImageError) -> VerificationCost {
        try GIFFile.withFile(data) { file throws(ImageError) in
            try checkScreen(of: file)
            let frame = try file.firstFrameHeader()
            return VerificationCost(format: .gif, kind: "GIF", pixelWidth: file.screenWidth, pixelHeight: file.screenHeight,
                                    bytesPerPixel: 0, fixedBytes: frame.width + 8 * frame.height + (2 << 20))
        }
    }

    /// The first frame's header, after checking the screen and then the frame against `limits`.
    private static func firstFrame(of file: GIFFile, limits: ImageLimits) throws(ImageError) -> GIFFile.FrameHeader {
        try checkScreen(of: file)
        try limits.check(width: file.screenWidth, height: file.screenHeight)
        let frame = try file.firstFrameHeader()
        try limits.check(width: frame.width, height: frame.height)
        return frame
    }

    /// A GIF whose logical screen has no pixels is corrupt (the screen is the image's size).
    private static func checkScreen(of file: GIFFile) throws(ImageError) {
        guard file.screenWidth > 0, file.screenHeight > 0 else {
            throw .corrupt(format: GIFFile.formatName,
                           reason: "the logical screen is \(file.screenWidth)x\(file.screenHeight) pixels")
        }
    }

    /// True when the frame has a transparent colour or does not cover the whole screen.
    private static func hasAlpha(_ frame: GIFFile.FrameHeader, in file: GIFFile) -> Bool {
        frame.transparentIndex != nil || frame.left > 0 || frame.top > 0
            || frame.left + frame.width < file.screenWidth || frame.top + frame.height < file.screenHeight
    }

    /// The screen's pixels with the frame drawn at its place (parts outside the screen are cut off).
    private static func draw(_ frame: GIFFile.FrameHeader, of file: GIFFile,
                             format: PixelFormat) throws(ImageError) -> [UInt8] {
        let width = file.screenWidth, height = file.screenHeight
        let channels = format.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        let columns = max(0, -frame.left)..<max(0, min(frame.width, width - frame.left))
        try pixels.withUnsafeMutableBufferPointer { (screen) throws(ImageError) in
            try file.readRows(of: frame) { y, line in
                let screenY = frame.top + y
                guard screenY < height else { return }
                for x in columns {
                    let index = Int(line[x])
                    if index == frame.transparentIndex { continue }
                    let offset = (screenY * width + frame.left + x) * channels
                    if index < frame.colours.count {
                        let colour = frame.colours[index]
                        (screen[offset], screen[offset + 1], screen[offset + 2]) = (colour.red, colour.green, colour.blue)
                    }
                    if channels == 4 { screen[offset + 3] = 255 }
                }
            }
        }
        return pixels
    }
}
