import Core
import Foundation

/// An image (Apple: UIKit › UIImage), decoded by PhotoSim's Core: JPEG through TurboJPEG, PNG
/// through libpng, HEIC through libheif, GIF through giflib. As on iOS the pixels stay as the
/// file stores them and the EXIF orientation becomes `imageOrientation`: `size` is the size as
/// shown (a portrait photo stored sideways with orientation 6 is `.right`, taller than wide).
///
/// `jpegData(compressionQuality:)` keeps the orientation (an EXIF Orientation tag, as ImageIO
/// writes it); `pngData()` does not, as on iOS (PNG has no orientation, so a `.right` image
/// comes out sideways): draw it with `UIGraphicsImageRenderer` first when that matters.
open class UIImage: NSObject, @unchecked Sendable {
    /// Apple: `UIImage.Orientation` (UIImage.h: up 0, down 1, left 2, right 3, upMirrored 4,
    /// downMirrored 5, leftMirrored 6, rightMirrored 7).
    public enum Orientation: Int, Sendable {
        case up = 0, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored

        /// From an EXIF Orientation value (1–8), as ImageIO maps it.
        init(exif: ImageOrientation) {
            switch exif {
            case .up: self = .up
            case .upMirrored: self = .upMirrored
            case .down: self = .down
            case .downMirrored: self = .downMirrored
            case .leftMirrored: self = .leftMirrored
            case .right: self = .right
            case .rightMirrored: self = .rightMirrored
            case .left: self = .left
            }
        }

        var exif: ImageOrientation {
            switch self {
            case .up: return .up
            case .upMirrored: return .upMirrored
            case .down: return .down
            case .downMirrored: return .downMirrored
            case .leftMirrored: return .leftMirrored
            case .right: return .right
            case .rightMirrored: return .rightMirrored
            case .left: return .left
            }
        }
    }

    /// The pixels as stored (not turned by the orientation); nil for an empty image (`UIImage()`).
    let bitmap: Bitmap?
    public let imageOrientation: Orientation
    public let scale: CGFloat

    /// The stored pixels to scale down to `width` x `height` upright: an image drawn at half its
    /// size or less is decoded again from its source at the smallest scale that still covers
    /// that (a JPEG's DCT scaling, as ImageIO decodes a thumbnail), instead of averaging down all
    /// its pixels; else its own bitmap.
    func storedBitmap(coveringUpright width: Int, _ height: Int) -> Bitmap? {
        guard let bitmap else { return nil }
        let covered = imageOrientation.exif.displaySize(width: width, height: height)
        guard let sourceData, covered.width * 2 <= bitmap.width, covered.height * 2 <= bitmap.height,
              let smaller = try? ImageDecoder(meter: ImageMemory.shared).decodeStored(sourceData, covering: covered.width,
                                                                                     height: covered.height) else { return bitmap }
        return smaller
    }

    /// The encoded image it was made from (`init(data:)`, `init(contentsOfFile:)`), kept as
    /// iOS's UIImage keeps its source: drawing it small decodes it again at a smaller scale.
    let sourceData: Data?

    init(bitmap: Bitmap, scale: CGFloat, orientation: Orientation, sourceData: Data? = nil) {
        self.bitmap = bitmap
        self.scale = scale
        imageOrientation = orientation
        self.sourceData = sourceData
        super.init()
    }

    /// An empty image, as `UIImage()` makes it on iOS: no pixels, `size` zero, `scale` 1,
    /// orientation `.up`; `jpegData(compressionQuality:)` and `pngData()` give nil and drawing
    /// it draws nothing.
    public override init() {
        bitmap = nil
        sourceData = nil
        scale = 1
        imageOrientation = .up
        super.init()
    }

    /// The image in `data` (JPEG, PNG, HEIC or GIF; a GIF's first frame), or nil when it is
    /// not one or is damaged.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    public convenience init?(data: Data, scale: CGFloat) {
        guard scale > 0, let info = try? ImageProbe.probe(data),
              let bitmap = try? ImageDecoder(meter: ImageMemory.shared).decode(data, applyingOrientation: false) else { return nil }
        self.init(bitmap: bitmap, scale: scale, orientation: Orientation(exif: info.orientation), sourceData: data)
    }

    /// The image in the file at `path`; a name ending `@2x` or `@3x` (before the extension)
    /// gives that scale, as on iOS.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: Self.scale(ofFileNamed: (path as NSString).lastPathComponent))
    }

    /// The image named `name` in the app's bundle: `name` itself, else `name@3x.png`,
    /// `name@2x.png`, `name.png`, `name.jpg` beside the executable. Asset catalogs are not
    /// read (docs/uikit.md).
    public convenience init?(named name: String) {
        let folder = Bundle.main.bundlePath
        let candidates = [name, "\(name)@3x.png", "\(name)@2x.png", "\(name).png", "\(name).jpg", "\(name).jpeg"]
        guard let file = candidates.first(where: { !$0.isEmpty && FileManager.default.fileExists(atPath: folder + "/" + $0) }) else {
            return nil
        }
        self.init(contentsOfFile: folder + "/" + file)
    }

    private static func scale(ofFileNamed name: String) -> CGFloat {
        let base = (name as NSString).deletingPathExtension
        if base.hasSuffix("@3x") { return 3 }
        if base.hasSuffix("@2x") { return 2 }
        return 1
    }

    /// The bytes of decoded pixels this image counts in the app's footprint (``ImageMemory``):
    /// those of an image decoded from data or a file, or made from one (a crop); zero for a
    /// drawn or symbol image.
    var decodedBytes: Int {
        guard let bitmap, bitmap.meter === ImageMemory.shared else { return 0 }
        return bitmap.byteCount
    }

    /// Whether this is a symbol image (`init(systemName:)`).
    public private(set) var isSymbolImage = false

    /// A symbol image named `name` (SF Symbols). The symbols are Apple's artwork and do not
    /// exist on Linux: every name gives a transparent image of a body-text symbol's size (17
    /// points square at the screen's scale) with `isSymbolImage` set, where iOS returns nil
    /// for a name it does not know (docs/uikit.md).
    public convenience init?(systemName name: String) {
        guard !name.isEmpty else { return nil }
        let scale = UIScreen.main.scale
        let side = Int((17 * scale).rounded())
        let bitmap = Bitmap(width: side, height: side, format: .rgba, pixels: [UInt8](repeating: 0, count: side * side * 4))
        self.init(bitmap: bitmap, scale: scale, orientation: .up)
        isSymbolImage = true
    }

    /// The size as shown, in points: pixels divided by `scale`, width and height swapped for
    /// the left and right orientations.
    open var size: CGSize {
        guard let bitmap, bitmap.width > 0 else { return .zero }
        let (width, height) = imageOrientation.exif.displaySize(width: bitmap.width, height: bitmap.height)
        return CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale)
    }

    /// The image as JPEG at `compressionQuality` (0 the smallest, 1 the best), with its
    /// orientation in EXIF; nil when it cannot be encoded.
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        let quality = Int((min(max(compressionQuality, 0), 1) * 100).rounded())
        guard let bitmap, let jpeg = try? JPEGEncoder.encode(bitmap, quality: max(1, quality)) else { return nil }
        return try? EXIFOrientationSegment.inserting(imageOrientation.exif, into: jpeg)
    }

    /// The stored pixels as PNG, without the orientation (as on iOS).
    open func pngData() -> Data? {
        bitmap.flatMap { try? PNGEncoder.encode($0) }
    }

    /// A thumbnail at `size` (Apple: `preparingThumbnail(of:)`, iOS 15: "Returns a new
    /// thumbnail image at the specified size"): the image upright, scaled to exactly `size`
    /// pixels, at scale 1, counted in the app's memory as a decoded image is; an app that keeps
    /// the aspect ratio asks for a size that has it, as Apple's examples do. Nil for an empty
    /// image, a size under one pixel, one that is not a number, or one past Core's image limit. That the size is in pixels at scale 1 is how it is
    /// reported of iOS, not verified on a device.
    open func preparingThumbnail(of size: CGSize) -> UIImage? {
        guard let bitmap, size.width.isFinite, size.height.isFinite, size.width >= 0.5, size.height >= 0.5,
              size.width * size.height <= CGFloat(ImageLimits.defaultMaximumPixelCount) else { return nil }
        let (width, height) = (Int(size.width.rounded()), Int(size.height.rounded()))
        let stored = storedBitmap(coveringUpright: width, height) ?? bitmap
        return UIImage(bitmap: stored.oriented(imageOrientation.exif).scaled(toWidth: width, height: height), scale: 1, orientation: .up)
    }

    /// ``preparingThumbnail(of:)`` on a background thread, then `completionHandler` there
    /// (Apple: `prepareThumbnail(of:completionHandler:)`: "The handler executes on a background
    /// thread").
    open func prepareThumbnail(of size: CGSize, completionHandler: @escaping @Sendable (UIImage?) -> Void) {
        SDKWork.async { completionHandler(self.preparingThumbnail(of: size)) }
    }

    /// The `async` form of ``prepareThumbnail(of:completionHandler:)``.
    open func byPreparingThumbnail(ofSize size: CGSize) async -> UIImage? {
        preparingThumbnail(of: size)
    }
}

/// Shows an image (Apple: UIKit › UIImageView). Not an accessibility element unless made one,
/// as on iOS; its accessibility label is nil unless set.
open class UIImageView: UIView {
    open var image: UIImage? {
        didSet { setNeedsLayout() }
    }
    open var highlightedImage: UIImage?

    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// An image view, as Apple's, disregards touches unless told otherwise (UIImageView
    /// `isUserInteractionEnabled`: "New image view objects are configured to disregard user
    /// events by default"): a tap on it goes to the view under it.
    override var takesTouchesByDefault: Bool { false }

    override var elementKind: String { "image" }
}

extension UIImage {
    /// A library photo as the photo service hands it over (Photos' image requests): decoded
    /// upright, scaled to at most `width` x `height` pixels when given, its pixels counted in the
    /// app's memory as every decoded image is; nil when `data` is not an image.
    /// The EXIF orientation (1…8) of the image file in `data`, 1 without one; nil when `data`
    /// is not an image.
    package static func storedOrientation(of data: Data) -> Int? {
        (try? ImageProbe.probe(data)).map { Int($0.orientation.rawValue) }
    }

    package static func libraryImage(from data: Data, width: Int? = nil, height: Int? = nil) -> UIImage? {
        guard let decoded = try? ImageDecoder(meter: ImageMemory.shared).decode(data, applyingOrientation: true) else { return nil }
        guard let width, let height, width > 0, height > 0, (width, height) != (decoded.width, decoded.height) else {
            return UIImage(bitmap: decoded, scale: 1, orientation: .up)
        }
        return UIImage(bitmap: decoded.resampled(toWidth: width, height: height), scale: 1, orientation: .up)
    }
}
