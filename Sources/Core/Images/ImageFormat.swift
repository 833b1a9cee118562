import Foundation

/// The image formats Core decodes: JPEG and PNG, as the iOS photo library stores photos we model.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg = "JPEG"
    case png = "PNG"

    /// The format of `data`, from its magic bytes.
    ///
    /// - Throws: ``ImageError/empty`` for no bytes, ``ImageError/unsupportedFormat(detected:)``
    ///   naming what the bytes look like (HEIC, GIF, video, text ...) otherwise.
    public static func detect(_ data: Data) throws(ImageError) -> ImageFormat {
        if data.isEmpty { throw .empty }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        throw .unsupportedFormat(detected: describeUnsupported(data))
    }

    /// A short human name for bytes that are not JPEG or PNG, for error messages.
    static func describeUnsupported(_ data: Data) -> String {
        let bytes = [UInt8](data.prefix(64))
        func ascii(_ range: Range<Int>) -> String {
            guard range.upperBound <= bytes.count else { return "" }
            return String(decoding: bytes[range], as: UTF8.self)
        }
        if ascii(4..<8) == "ftyp" {
            let brand = ascii(8..<12)
            if ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].contains(brand) { return "HEIC/HEIF image" }
            if brand == "avif" { return "AVIF image" }
            return "video (ISO media, brand \(brand.trimmingCharacters(in: .whitespaces)))"
        }
        if ascii(0..<4) == "GIF8" { return "GIF image" }
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
