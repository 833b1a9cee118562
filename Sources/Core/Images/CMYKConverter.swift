/// Turns decoded CMYK pixels into RGB, in place.
///
/// Uses the plain formula (`red = (1 - cyan) x (1 - black)`), without a colour profile, which is
/// what a CMYK JPEG made from an RGB photo (ImageMagick, libjpeg) needs to come back to its colours.
enum CMYKConverter {
    /// Converts `pixelCount` 4-byte CMYK pixels at the start of `pixels` into 3-byte RGB pixels,
    /// packed from the start of the same buffer. `inverted` is the Adobe convention (see
    /// ``JPEGSegments/hasAdobeSegment(_:)``): stored 255 means no ink.
    static func convertToRGB(_ pixels: UnsafeMutableBufferPointer<UInt8>, pixelCount: Int, inverted: Bool) {
        precondition(pixels.count >= pixelCount * 4, "the buffer holds fewer than \(pixelCount) CMYK pixels")
        guard let base = pixels.baseAddress else { return }
        // Writing pixel i at 3i never overtakes reading pixel i at 4i, so one pass in place is safe.
        for index in 0..<pixelCount {
            let source = base + index * 4, target = base + index * 3
            var cyan = UInt32(source[0]), magenta = UInt32(source[1]), yellow = UInt32(source[2]), black = UInt32(source[3])
            if !inverted {
                cyan = 255 - cyan; magenta = 255 - magenta; yellow = 255 - yellow; black = 255 - black
            }
            target[0] = divideBy255(cyan * black)
            target[1] = divideBy255(magenta * black)
            target[2] = divideBy255(yellow * black)
        }
    }

    /// `value / 255`, rounded, for `value` up to 255 x 255.
    @inline(__always)
    static func divideBy255(_ value: UInt32) -> UInt8 {
        let rounded = value + 128
        return UInt8(truncatingIfNeeded: (rounded + (rounded >> 8)) >> 8)
    }
}
