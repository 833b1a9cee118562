import CPNG
import Foundation

/// Reads an image's format, size, orientation and EXIF from its header alone.
///
/// Cheap enough to run on every file `addmedia` is given before copying any of them: it never
/// allocates pixels, so a header claiming 65,500 x 65,500 pixels costs nothing here.
///
/// ```swift
/// let info = try ImageProbe.probe(try Data(contentsOf: url))
/// print(info.displayWidth, info.displayHeight, info.exif?.dateTimeOriginal as Any)
/// ```
public enum ImageProbe {
    /// - Throws: ``ImageError/empty``, ``ImageError/unsupportedFormat(detected:)``,
    ///   ``ImageError/truncated(format:)`` when the data ends inside the header, or
    ///   ``ImageError/corrupt(format:reason:)`` when the header cannot be parsed.
    ///
    /// A HEIC's orientation comes from its primary image's `irot`/`imir` properties (not EXIF);
    /// a GIF's size is its logical screen's. Neither reports EXIF.
    public static func probe(_ data: Data) throws(ImageError) -> ImageInfo {
        switch try ImageFormat.detect(data) {
        case .jpeg: return try probeJPEG(data)
        case .png: return try PNGReader.probe(data)
        case .heic: return try HEIFReader.probe(data)
        case .gif: return try GIFReader.probe(data)
        }
    }

    private static func probeJPEG(_ data: Data) throws(ImageError) -> ImageInfo {
        let header = try TurboJPEGDecompressor().header(of: data)
        let exif = EXIFMetadata.read(fromJPEG: data)
        return ImageInfo(format: .jpeg, pixelWidth: header.width, pixelHeight: header.height,
                         orientation: exif?.orientation ?? .up, exif: exif, hasAlpha: false)
    }

    /// libpng's simplified API leaves its error text in a fixed 64-byte field.
    static func pngMessage(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "unreadable PNG header" : text
        }
    }
}
