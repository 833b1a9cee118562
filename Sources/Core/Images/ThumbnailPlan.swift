/// The geometry of one thumbnail, worked out in stored pixels (before EXIF orientation).
///
/// The box is given upright, as displayed; for orientations that swap width and height it is
/// swapped here, so that rotating the thumbnail at the end lands it in the box.
/// Thumbnails are never larger than the image: a small image keeps its size (aspect fit) or
/// its largest centred crop of the box's shape (aspect fill).
struct ThumbnailPlan: Equatable {
    /// The thumbnail's size before orientation.
    let outputWidth: Int
    let outputHeight: Int
    /// The part of the full-size stored image the thumbnail shows.
    let sourceRegion: PixelRect
    /// The box's shape in stored orientation, to crop a scaled decode the same way.
    private let boxWidth: Int
    private let boxHeight: Int
    private let mode: ThumbnailMode

    init(storedWidth width: Int, storedHeight height: Int, orientation: ImageOrientation,
         size: ThumbnailSize, mode: ThumbnailMode) {
        (boxWidth, boxHeight) = orientation.displaySize(width: size.pixelWidth, height: size.pixelHeight)
        self.mode = mode
        switch mode {
        case .aspectFit:
            sourceRegion = PixelRect(x: 0, y: 0, width: width, height: height)
            (outputWidth, outputHeight) = Self.fittedSize(width: width, height: height,
                                                          boxWidth: boxWidth, boxHeight: boxHeight)
        case .aspectFill:
            sourceRegion = PixelRect.centredCrop(width: width, height: height,
                                                 aspectWidth: boxWidth, aspectHeight: boxHeight)
            let coversBox = sourceRegion.width >= boxWidth && sourceRegion.height >= boxHeight
            (outputWidth, outputHeight) = coversBox ? (boxWidth, boxHeight) : (sourceRegion.width, sourceRegion.height)
        }
    }

    /// The size of a `width` x `height` image shrunk to fit the box, never enlarged.
    static func fittedSize(width: Int, height: Int, boxWidth: Int, boxHeight: Int) -> (Int, Int) {
        if width <= boxWidth && height <= boxHeight { return (width, height) }
        if width * boxHeight >= height * boxWidth {
            return (boxWidth, max(1, (height * boxWidth + width / 2) / width))
        }
        return (max(1, (width * boxHeight + height / 2) / height), boxHeight)
    }

    /// The smallest of `scales` (sorted smallest first) at which the source region still has at
    /// least the output's pixels in both directions; the last one (1/1) when none smaller does.
    func decodeScale(from scales: [TurboJPEGDecompressor.Scale]) -> TurboJPEGDecompressor.Scale {
        scales.first {
            $0.covers(outputWidth, of: sourceRegion.width) && $0.covers(outputHeight, of: sourceRegion.height)
        } ?? .full
    }

    /// The region of an image decoded at `width` x `height` (full size or DCT-scaled) to average.
    func region(decodedWidth width: Int, decodedHeight height: Int) -> PixelRect {
        switch mode {
        case .aspectFit: return PixelRect(x: 0, y: 0, width: width, height: height)
        case .aspectFill: return PixelRect.centredCrop(width: width, height: height,
                                                       aspectWidth: boxWidth, aspectHeight: boxHeight)
        }
    }
}
