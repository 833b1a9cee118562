/// Area-averaging downscaler: each output pixel is the mean of the source area it covers, source
/// pixels cut by the area's edge weighted by the fraction inside it (a box filter with exact,
/// fractional coverage, so non-integer ratios such as 504 -> 156 do not alias).
///
/// Works one output row at a time: the source rows under it are summed into one accumulator row
/// (vertical pass), which is then averaged across (horizontal pass). Extra memory is one row of
/// `UInt32`s, whatever the source size. RGBA is averaged with premultiplied alpha, so the colour
/// of fully transparent pixels does not bleed into their neighbours.
struct AreaFilter {
    /// Weights are fixed point: the weights of one output pixel add up to exactly `1 << weightBits`.
    static let weightBits: UInt32 = 14

    let horizontal: AreaFilterAxis
    let vertical: AreaFilterAxis
    let region: PixelRect
    let outputWidth: Int
    let outputHeight: Int

    /// Averages `region` of a source image down to `outputWidth` x `outputHeight`, which must not be
    /// larger than the region in either direction (upscaling is a programmer error, and traps).
    init(region: PixelRect, outputWidth: Int, outputHeight: Int) {
        precondition(outputWidth >= 1 && outputHeight >= 1, "the output needs a positive size")
        precondition(outputWidth <= region.width && outputHeight <= region.height,
                     "area filtering only shrinks: \(region) cannot become \(outputWidth)x\(outputHeight)")
        horizontal = AreaFilterAxis(sourceStart: region.x, sourceLength: region.width, outputLength: outputWidth)
        vertical = AreaFilterAxis(sourceStart: region.y, sourceLength: region.height, outputLength: outputHeight)
        self.region = region
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
    }

    /// Filters `source` (rows of `sourceWidth` pixels of `channels` bytes) into `target`.
    func apply(source: UnsafeBufferPointer<UInt8>, sourceWidth: Int, channels: Int,
               premultiplied: Bool, into target: UnsafeMutableBufferPointer<UInt8>) {
        precondition(target.count == outputWidth * outputHeight * channels, "the target does not fit the output")
        precondition(region.x >= 0 && region.y >= 0 && region.x + region.width <= sourceWidth
                     && (region.y + region.height) * sourceWidth * channels <= source.count,
                     "\(region) is outside the source")
        if !premultiplied && outputWidth == region.width && outputHeight == region.height {
            return copyRegion(source: source, sourceWidth: sourceWidth, channels: channels, into: target)
        }
        let rowBytes = region.width * channels
        var accumulator = [UInt32](repeating: 0, count: rowBytes)
        accumulator.withUnsafeMutableBufferPointer { sums in
            for outputRow in 0..<outputHeight {
                sumRows(for: outputRow, source: source, sourceWidth: sourceWidth, channels: channels,
                        premultiplied: premultiplied, into: sums)
                let row = UnsafeMutableBufferPointer(rebasing: target[(outputRow * outputWidth * channels)...]
                    .prefix(outputWidth * channels))
                switch (channels, premultiplied) {
                case (1, _): averageAcross(sums, channels: 1, into: row)
                case (3, _): averageAcross(sums, channels: 3, into: row)
                case (4, true): averageAcrossPremultiplied(sums, into: row)
                default: averageAcross(sums, channels: channels, into: row)
                }
            }
        }
    }

    /// A region the output's size: every weight is exactly one, so the filter's result is the
    /// region's bytes, copied a row at a time. (Premultiplied RGBA is left to the filter: there
    /// a fully transparent pixel comes out as zeros.)
    private func copyRegion(source: UnsafeBufferPointer<UInt8>, sourceWidth: Int, channels: Int,
                            into target: UnsafeMutableBufferPointer<UInt8>) {
        let rowBytes = outputWidth * channels
        for row in 0..<outputHeight {
            let from = source.baseAddress! + ((region.y + row) * sourceWidth + region.x) * channels
            (target.baseAddress! + row * rowBytes).update(from: from, count: rowBytes)
        }
    }

    /// Vertical pass: the weighted sum of the source rows under `outputRow`, at 8.8 fixed point
    /// per channel (premultiplied by alpha for RGBA when asked).
    private func sumRows(for outputRow: Int, source: UnsafeBufferPointer<UInt8>, sourceWidth: Int, channels: Int,
                         premultiplied: Bool, into sums: UnsafeMutableBufferPointer<UInt32>) {
        let count = sums.count
        let sum = sums.baseAddress!
        sum.update(repeating: 0, count: count)
        let first = vertical.starts[outputRow]
        for tap in 0..<vertical.tapCounts[outputRow] {
            let weight = vertical.weights[outputRow * vertical.maximumTaps + tap]
            let row = source.baseAddress! + ((first + tap) * sourceWidth + region.x) * channels
            if premultiplied && channels == 4 {
                var index = 0
                while index < count {
                    let alpha = UInt32(row[index + 3]), alphaWeight = weight &* alpha
                    sum[index] &+= alphaWeight &* UInt32(row[index])
                    sum[index + 1] &+= alphaWeight &* UInt32(row[index + 1])
                    sum[index + 2] &+= alphaWeight &* UInt32(row[index + 2])
                    sum[index + 3] &+= alphaWeight
                    index += 4
                }
            } else {
                for index in 0..<count { sum[index] &+= weight &* UInt32(row[index]) }
            }
        }
        // From value << 14 to value << 8 (8.8 fixed point), so the horizontal pass cannot overflow.
        if premultiplied && channels == 4 {
            var index = 0
            while index < count {
                for channel in 0..<3 { sum[index + channel] = (sum[index + channel] &+ 255 * 32) / (255 * 64) }
                sum[index + 3] = (sum[index + 3] &+ 32) >> 6
                index += 4
            }
        } else {
            for index in 0..<count { sum[index] = (sum[index] &+ 32) >> 6 }
        }
    }

    /// Horizontal pass: averages the row of 8.8 sums into output pixels.
    @inline(__always)
    private func averageAcross(_ sums: UnsafeMutableBufferPointer<UInt32>, channels: Int,
                               into row: UnsafeMutableBufferPointer<UInt8>) {
        let sum = sums.baseAddress!, output = row.baseAddress!
        let shift = Self.weightBits + 8, half: UInt32 = 1 << (shift - 1)
        let maximumTaps = horizontal.maximumTaps, regionX = region.x
        horizontal.withTaps { starts, tapCounts, weights in
            for column in 0..<outputWidth {
                let first = sum + (starts[column] - regionX) * channels
                let columnWeights = weights + column * maximumTaps
                let tapCount = tapCounts[column]
                for channel in 0..<channels {
                    var total: UInt32 = 0
                    for tap in 0..<tapCount {
                        total &+= columnWeights[tap] &* first[tap * channels + channel]
                    }
                    output[column * channels + channel] = UInt8(truncatingIfNeeded: (total &+ half) >> shift)
                }
            }
        }
    }

    /// Horizontal pass for premultiplied RGBA: averages, then divides the colours by the alpha.
    private func averageAcrossPremultiplied(_ sums: UnsafeMutableBufferPointer<UInt32>,
                                            into row: UnsafeMutableBufferPointer<UInt8>) {
        let sum = sums.baseAddress!, output = row.baseAddress!
        let shift = Self.weightBits + 8, half: UInt32 = 1 << (shift - 1)
        let maximumTaps = horizontal.maximumTaps, regionX = region.x
        horizontal.withTaps { starts, tapCounts, weights in
            for column in 0..<outputWidth {
                let first = starts[column] - regionX
                var totals: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
                for tap in 0..<tapCounts[column] {
                    let weight = weights[column * maximumTaps + tap]
                    let pixel = sum + (first + tap) * 4
                    totals.0 &+= weight &* pixel[0]
                    totals.1 &+= weight &* pixel[1]
                    totals.2 &+= weight &* pixel[2]
                    totals.3 &+= weight &* pixel[3]
                }
                let target = output + column * 4
                target[3] = UInt8(truncatingIfNeeded: (totals.3 &+ half) >> shift)
                target[0] = Self.unpremultiply(totals.0, alpha: totals.3)
                target[1] = Self.unpremultiply(totals.1, alpha: totals.3)
                target[2] = Self.unpremultiply(totals.2, alpha: totals.3)
            }
        }
    }

    /// A colour sum divided by its alpha sum (both at the same fixed point), as 0...255.
    @inline(__always)
    private static func unpremultiply(_ colour: UInt32, alpha: UInt32) -> UInt8 {
        guard alpha > 0 else { return 0 }
        return UInt8(min(255, (UInt64(colour) * 255 + UInt64(alpha / 2)) / UInt64(alpha)))
    }
}

/// The taps of one direction of an ``AreaFilter``: for output index `i`, source indices
/// `starts[i] ..< starts[i] + tapCounts[i]` with weights `weights[i * maximumTaps ...]`.
struct AreaFilterAxis {
    let starts: [Int]
    let tapCounts: [Int]
    let weights: [UInt32]
    let maximumTaps: Int

    /// Output pixel `i` covers source interval [i x S / O, (i + 1) x S / O) of the `S` source
    /// pixels from `sourceStart`; exact integer arithmetic in units of 1 / O pixel.
    init(sourceStart: Int, sourceLength: Int, outputLength: Int) {
        let total = 1 << Int(AreaFilter.weightBits)
        maximumTaps = (sourceLength + outputLength - 1) / outputLength + 1
        var starts = [Int](), tapCounts = [Int]()
        var weights = [UInt32](repeating: 0, count: outputLength * maximumTaps)
        starts.reserveCapacity(outputLength)
        tapCounts.reserveCapacity(outputLength)
        for output in 0..<outputLength {
            let low = output * sourceLength, high = (output + 1) * sourceLength
            let first = low / outputLength, last = (high - 1) / outputLength
            var assigned = 0, heaviest = 0
            for source in first...last {
                let overlap = min(high, (source + 1) * outputLength) - max(low, source * outputLength)
                let weight = (overlap * total + sourceLength / 2) / sourceLength
                let slot = output * maximumTaps + source - first
                weights[slot] = UInt32(weight)
                assigned += weight
                if weight > Int(weights[output * maximumTaps + heaviest]) { heaviest = source - first }
            }
            // Rounding may leave the sum a little off 1 << 14; the heaviest tap absorbs it.
            let heaviestSlot = output * maximumTaps + heaviest
            weights[heaviestSlot] = UInt32(Int(weights[heaviestSlot]) + total - assigned)
            starts.append(sourceStart + first)
            tapCounts.append(last - first + 1)
        }
        self.starts = starts
        self.tapCounts = tapCounts
        self.weights = weights
    }

    /// Runs `body` with the starts, tap counts and weights as pointers, for the per-pixel loops
    /// (array subscripts there would check bounds at every tap).
    @inline(__always)
    func withTaps<Result>(_ body: (UnsafePointer<Int>, UnsafePointer<Int>, UnsafePointer<UInt32>) -> Result) -> Result {
        starts.withUnsafeBufferPointer { starts in
            tapCounts.withUnsafeBufferPointer { tapCounts in
                weights.withUnsafeBufferPointer { weights in
                    body(starts.baseAddress!, tapCounts.baseAddress!, weights.baseAddress!)
                }
            }
        }
    }
}
