import Foundation

/// RGB pixels drawn a row span at a time, with memory copies rather than a loop per pixel.
struct StockPhotoCanvas {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]

    init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a canvas needs a positive size, got \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 3)
    }

    /// Paints `columns` of row `y` (clipped to the canvas) with one colour: the first pixel is
    /// written, then the painted part is copied onto the rest, doubling each time.
    mutating func fill(row y: Int, columns: Range<Int>, with colour: RGB) {
        precondition((0..<height).contains(y), "row \(y) is outside 0..<\(height)")
        let clipped = columns.clamped(to: 0..<width)
        guard !clipped.isEmpty else { return }
        let start = (y * width + clipped.lowerBound) * 3, count = clipped.count * 3
        pixels.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress! + start
            base[0] = colour.red
            base[1] = colour.green
            base[2] = colour.blue
            var painted = 3
            while painted < count {
                let chunk = min(painted, count - painted)
                (base + painted).update(from: base, count: chunk)
                painted += chunk
            }
        }
    }

    /// Paints every row from `strip` (`width + height - 1` colours): row `y` shows
    /// `strip[y ..< y + width]`, so the pattern runs diagonally.
    mutating func drawDiagonal(_ strip: [RGB]) {
        precondition(strip.count == width + height - 1, "a diagonal strip needs \(width + height - 1) colours, got \(strip.count)")
        var bytes = [UInt8]()
        bytes.reserveCapacity(strip.count * 3)
        for colour in strip { bytes += [colour.red, colour.green, colour.blue] }
        let rowBytes = width * 3
        pixels.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    (target.baseAddress! + y * rowBytes).update(from: source.baseAddress! + y * 3, count: rowBytes)
                }
            }
        }
    }
}
