import Foundation

/// The image formats Core decodes: JPEG, PNG, HEIC (what an iPhone camera writes) and GIF, the
/// still-image formats the iOS photo library imports.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg = "JPEG"
    case png = "PNG"
    /// HEIF with HEVC-coded images (`ftyp` brand `heic`, `heix`, `mif1` ...), read with libheif.
    case heic = "HEIC"
    /// GIF87a or GIF89a, read with giflib; the first frame of an animation.
    case gif = "GIF"

    /// The formats, listed for error messages: "JPEG, PNG, HEIC and GIF".
    public static let supportedList: String = {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }()

    /// ISO base media brands libheif reads as HEIF images (still images and their collections).
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "mif1", "msf1"]

    /// The format of `data`, from its magic bytes.
    ///
    /// - Throws: ``ImageError/empty`` for no bytes, ``ImageError/unsupportedFormat(detected:)``
    ///   naming what the bytes look like (HEIC, GIF, video, text ...) otherwise.
    public static func detect(_ data: Data) throws(ImageError) -> ImageFormat {
        if data.isEmpty { throw .empty }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if data.starts(with: Array("GIF87a".utf8)) || data.starts(with: Array("GIF89a".utf8)) { return .gif }
        if data.count >= 12, data.dropFirst(4).starts(with: Array("ftyp".utf8)),
           heifBrands.contains(String(decoding: data.dropFirst(8).prefix(4), as: UTF8.self)) {
            return .heic
        }
        throw .unsupportedFormat(detected: describeUnsupported(data))
    }

    /// A short human name for bytes that are none of the supported formats, for error messages.
    static func describeUnsupported(_ data: Data) -> String {
        let bytes = [UInt8](data.prefix(64))
        func ascii(_ range: Range<Int>) -> String {
            guard range.upperBound <= bytes.count else { return "" }
            return String(decoding: bytes[range], as: UTF8.self)
        }
        if ascii(4..<8) == "ftyp" {
            let brand = ascii(8..<12)
            if brand == "hevc" || brand == "hevx" { return "HEIF image sequence" }
            if brand == "avif" { return "AVIF image" }
            return "video (ISO media, brand \(brand.trimmingCharacters(in: .whitespaces)))"
        }
        if ascii(0..<4) == "GIF8" { return "GIF image of an unknown version" }
        if ascii(0..<4) == "RIFF" && ascii(8..<12) == "WEBP" { return "WebP image" }
        if ascii(0..<4) == "RIFF" && ascii(8..<12) == "AVI " { return "AVI video" }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF image" }
        if ascii(0..<2) == "BM" { return "BMP image" }
        if ascii(0..<4) == "%PDF" { return "PDF document" }
        if ascii(0..<11).uppercased() == "BEGIN:VCARD" { return "vCard contact" }
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return "Matroska/WebM video" }
        if String(data: data.prefix(512), encoding: .utf8) != nil,
           !bytes.contains(where: { $0 < 0x09 || ($0 > 0x0D && $0 < 0x20) }) {
            return "text"
        }
        return "unknown binary data starting " + bytes.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " ")
    }
}
