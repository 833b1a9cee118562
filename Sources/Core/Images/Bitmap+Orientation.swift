/// Turning stored pixels upright by their EXIF orientation: pure pixel moves, no resampling.
extension Bitmap {
    /// This bitmap as displayed when its file says `orientation`: for example `.right` (6) rotates
    /// it 90° clockwise and swaps width and height. `.up` returns `self` without copying.
    ///
    /// The new bitmap reports to the same ``MemoryMeter``.
    public func oriented(_ orientation: ImageOrientation) -> Bitmap {
        if orientation == .up { return self }
        let (displayWidth, displayHeight) = orientation.displaySize(width: width, height: height)
        let walk = OrientationWalk(orientation, storedWidth: width, storedHeight: height)
        let byteCount = pixels.count
        let moved = [UInt8](unsafeUninitializedCapacity: byteCount) { target, initializedCount in
            pixels.withUnsafeBufferPointer { source in
                switch format {
                case .gray: walk.copy(source, into: target, displayWidth: displayWidth, as: UInt8.self)
                case .rgb: walk.copy(source, into: target, displayWidth: displayWidth, as: (UInt8, UInt8, UInt8).self)
                case .rgba: walk.copy(source, into: target, displayWidth: displayWidth, as: UInt32.self)
                }
            }
            initializedCount = byteCount
        }
        return Bitmap(width: displayWidth, height: displayHeight, format: format, pixels: moved, meter: meter)
    }
}

/// Where each displayed pixel comes from in the stored image, as a linear walk over stored indices:
/// displayed pixel (x, y) is stored pixel `origin + x * columnStep + y * rowStep`.
private struct OrientationWalk {
    let origin: Int
    let columnStep: Int
    let rowStep: Int

    init(_ orientation: ImageOrientation, storedWidth width: Int, storedHeight height: Int) {
        let lastColumn = width - 1, lastRow = (height - 1) * width
        switch orientation {
        case .up: (origin, columnStep, rowStep) = (0, 1, width)
        case .upMirrored: (origin, columnStep, rowStep) = (lastColumn, -1, width)
        case .down: (origin, columnStep, rowStep) = (lastRow + lastColumn, -1, -width)
        case .downMirrored: (origin, columnStep, rowStep) = (lastRow, 1, -width)
        case .leftMirrored: (origin, columnStep, rowStep) = (0, width, 1)
        case .right: (origin, columnStep, rowStep) = (lastRow, -width, 1)
        case .rightMirrored: (origin, columnStep, rowStep) = (lastRow + lastColumn, -width, -1)
        case .left: (origin, columnStep, rowStep) = (lastColumn, width, -1)
        }
    }

    /// Copies every pixel, `Pixel` being a type as wide as one pixel.
    func copy<Pixel>(_ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>,
                     displayWidth: Int, as _: Pixel.Type) {
        let pixelCount = target.count / MemoryLayout<Pixel>.size
        guard pixelCount > 0, let sourceBase = source.baseAddress, let targetBase = target.baseAddress else { return }
        let from = UnsafeRawPointer(sourceBase), to = UnsafeMutableRawPointer(targetBase)
        let stride = MemoryLayout<Pixel>.size
        var written = 0
        var rowStart = origin
        while written < pixelCount {
            var index = rowStart
            for _ in 0..<displayWidth {
                let pixel = from.loadUnaligned(fromByteOffset: index * stride, as: Pixel.self)
                to.storeBytes(of: pixel, toByteOffset: written * stride, as: Pixel.self)
                index += columnStep
                written += 1
            }
            rowStart += rowStep
        }
    }
}
