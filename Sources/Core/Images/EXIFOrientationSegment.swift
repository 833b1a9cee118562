import CExif
import Foundation

/// A JPEG's orientation written as EXIF (libexif builds the IFD0 with its one Orientation tag),
/// in an APP1 segment placed right after the start-of-image marker: how a camera and ImageIO
/// keep pixels as read from the sensor and say how to show them.
public enum EXIFOrientationSegment {
    /// `jpeg` with an APP1 EXIF segment naming `orientation`; `jpeg` itself for `.up`.
    public static func inserting(_ orientation: ImageOrientation, into jpeg: Data) throws(ImageError) -> Data {
        guard orientation != .up else { return jpeg }
        guard jpeg.count >= 2, jpeg[jpeg.startIndex] == 0xFF, jpeg[jpeg.startIndex + 1] == 0xD8 else {
            throw .corrupt(format: "JPEG", reason: "no start-of-image marker to put the EXIF segment after")
        }
        let payload = try exifPayload(orientation)
        guard payload.count + 2 <= 0xFFFF else { throw .encodingFailed(reason: "an EXIF segment over 64 KB") }
        var segment = Data([0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)])
        segment.append(payload)
        var result = Data(jpeg.prefix(2))
        result.append(segment)
        result.append(jpeg.dropFirst(2))
        return result
    }

    /// `Exif\0\0` and a big-endian TIFF structure with IFD0's Orientation, as libexif saves it.
    private static func exifPayload(_ orientation: ImageOrientation) throws(ImageError) -> Data {
        guard let exif = exif_data_new() else { throw .encodingFailed(reason: "libexif could not make EXIF data") }
        defer { exif_data_unref(exif) }
        exif_data_set_byte_order(exif, EXIF_BYTE_ORDER_MOTOROLA)
        guard let entry = exif_entry_new() else { throw .encodingFailed(reason: "libexif could not make an entry") }
        defer { exif_entry_unref(entry) }
        exif_content_add_entry(exif.pointee.ifd.0, entry)
        exif_entry_initialize(entry, EXIF_TAG_ORIENTATION)
        exif_set_short(entry.pointee.data, EXIF_BYTE_ORDER_MOTOROLA, orientation.rawValue)
        var buffer: UnsafeMutablePointer<UInt8>?
        var length: UInt32 = 0
        exif_data_save_data(exif, &buffer, &length)
        guard let buffer, length > 0 else { throw .encodingFailed(reason: "libexif saved no EXIF data") }
        defer { free(buffer) }
        return Data(bytes: buffer, count: Int(length))
    }
}
