/// Shrinking bitmaps with an area (box) filter.
extension Bitmap {
    /// `region` of this bitmap (all of it by default) averaged down to `width` x `height` with
    /// ``AreaFilter``. Neither output side may exceed the region's (upscaling traps); a region
    /// the same size as the output is a plain crop.
    ///
    /// The new bitmap reports to the same ``MemoryMeter``.
    public func resampled(toWidth width: Int, height: Int, from region: PixelRect? = nil) -> Bitmap {
        let region = region ?? PixelRect(x: 0, y: 0, width: self.width, height: self.height)
        let filter = AreaFilter(region: region, outputWidth: width, outputHeight: height)
        let byteCount = width * height * format.bytesPerPixel
        let filtered = [UInt8](unsafeUninitializedCapacity: byteCount) { target, initializedCount in
            pixels.withUnsafeBufferPointer { source in
                filter.apply(source: source, sourceWidth: self.width, channels: format.bytesPerPixel,
                             premultiplied: format == .rgba, into: target)
            }
            initializedCount = byteCount
        }
        return Bitmap(width: width, height: height, format: format, pixels: filtered, meter: meter)
    }
}

extension Bitmap {
    /// The bitmap at any size: the area filter where both sides shrink (each output pixel the
    /// mean of the source pixels under it), else bilinear interpolation between the four
    /// nearest source pixels (an enlargement has no area to average).
    public func scaled(toWidth width: Int, height: Int) -> Bitmap {
        if width <= self.width && height <= self.height { return resampled(toWidth: width, height: height) }
        let channels = format.bytesPerPixel
        var output = [UInt8](repeating: 0, count: width * height * channels)
        let xRatio = width > 1 ? Double(self.width - 1) / Double(width - 1) : 0
        let yRatio = height > 1 ? Double(self.height - 1) / Double(height - 1) : 0
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let sourceY = Double(y) * yRatio
                let top = Int(sourceY), bottom = min(top + 1, self.height - 1)
                let dy = sourceY - Double(top)
                for x in 0..<width {
                    let sourceX = Double(x) * xRatio
                    let left = Int(sourceX), right = min(left + 1, self.width - 1)
                    let dx = sourceX - Double(left)
                    for channel in 0..<channels {
                        func value(_ column: Int, _ row: Int) -> Double { Double(source[(row * self.width + column) * channels + channel]) }
                        let upper = value(left, top) * (1 - dx) + value(right, top) * dx
                        let lower = value(left, bottom) * (1 - dx) + value(right, bottom) * dx
                        output[(y * width + x) * channels + channel] = UInt8(min(255, max(0, (upper * (1 - dy) + lower * dy).rounded())))
                    }
                }
            }
        }
        return Bitmap(width: width, height: height, format: format, pixels: output, meter: meter)
    }
}
