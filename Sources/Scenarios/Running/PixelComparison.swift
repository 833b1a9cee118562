import Core

/// How far two decoded images are apart, pixel by pixel, for `assertFile`'s `sameAs`.
///
/// Both are compared as RGB (gray is spread to three channels, alpha is ignored): a pixel is
/// the same when each channel differs by at most the tolerance.
struct PixelComparison: Equatable {
    /// Pixels with a channel further apart than the tolerance.
    let differingPixels: Int
    /// The largest channel difference anywhere.
    let largestDifference: Int
    /// Where the first differing pixel is, if any.
    let firstDifference: (x: Int, y: Int)?

    static func == (left: PixelComparison, right: PixelComparison) -> Bool {
        left.differingPixels == right.differingPixels && left.largestDifference == right.largestDifference
            && left.firstDifference?.x == right.firstDifference?.x && left.firstDifference?.y == right.firstDifference?.y
    }

    /// Compares two images of the same size.
    init(_ image: Bitmap, _ reference: Bitmap, tolerance: Int) {
        precondition(image.width == reference.width && image.height == reference.height, "compare images of one size")
        var differing = 0, largest = 0
        var first: (x: Int, y: Int)?
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = Self.rgb(image, x, y), b = Self.rgb(reference, x, y)
                let difference = max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2))
                largest = max(largest, difference)
                if difference > tolerance {
                    differing += 1
                    if first == nil { first = (x, y) }
                }
            }
        }
        differingPixels = differing
        largestDifference = largest
        firstDifference = first
    }

    private static func rgb(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let pixel = bitmap.pixel(x: x, y: y)
        let start = pixel.startIndex
        if bitmap.format == .gray { let value = Int(pixel[start]); return (value, value, value) }
        return (Int(pixel[start]), Int(pixel[start + 1]), Int(pixel[start + 2]))
    }
}
