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
