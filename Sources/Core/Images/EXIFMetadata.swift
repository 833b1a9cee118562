import CExif
import Foundation

/// A position on Earth in signed decimal degrees (north and east positive).
public struct GeoCoordinate: Equatable, Sendable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public var description: String { String(format: "%.6f, %.6f", latitude, longitude) }
}

/// The EXIF tags Core uses, read with libexif: orientation, capture date and GPS position.
///
/// Each field is `nil` when the tag is absent or malformed; a photo without EXIF is normal.
public struct EXIFMetadata: Equatable, Sendable {
    /// `Orientation` (0x0112) in IFD0.
    public var orientation: ImageOrientation?
    /// `DateTimeOriginal` (0x9003), in the zone of `OffsetTimeOriginal` (0x9011) when present,
    /// else read as UTC (EXIF 2.3 dates carry no zone; the simulator has no local zone).
    public var dateTimeOriginal: Date?
    /// `GPSLatitude`/`GPSLatitudeRef` and `GPSLongitude`/`GPSLongitudeRef` in the GPS IFD.
    public var location: GeoCoordinate?
    /// `Make` and `Model` (0x010F, 0x0110), trimmed.
    public var cameraMake: String?
    public var cameraModel: String?

    public init(orientation: ImageOrientation? = nil, dateTimeOriginal: Date? = nil, location: GeoCoordinate? = nil,
                cameraMake: String? = nil, cameraModel: String? = nil) {
        self.orientation = orientation
        self.dateTimeOriginal = dateTimeOriginal
        self.location = location
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
    }

    /// Reads the EXIF block of a JPEG (libexif finds the APP1 segment itself).
    /// Returns `nil` when the data has no EXIF block.
    public static func read(fromJPEG data: Data) -> EXIFMetadata? {
        let exifData: UnsafeMutablePointer<ExifData>? = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
            return exif_data_new_from_data(base.assumingMemoryBound(to: UInt8.self), UInt32(clamping: buffer.count))
        }
        guard let exifData else { return nil }
        defer { exif_data_unref(exifData) }
        let reader = EXIFReader(data: exifData)
        guard reader.hasAnyEntry else { return nil }
        return EXIFMetadata(
            orientation: reader.short(0x0112, in: EXIF_IFD_0).flatMap(ImageOrientation.init(rawValue:)),
            dateTimeOriginal: reader.ascii(0x9003, in: EXIF_IFD_EXIF).flatMap {
                parseDate($0, offset: reader.ascii(0x9011, in: EXIF_IFD_EXIF))
            },
            location: reader.coordinate(),
            cameraMake: reader.ascii(0x010F, in: EXIF_IFD_0),
            cameraModel: reader.ascii(0x0110, in: EXIF_IFD_0))
    }

    /// Parses EXIF's `YYYY:MM:DD HH:MM:SS` with an optional `+HH:MM` offset.
    static func parseDate(_ text: String, offset: String?) -> Date? {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard parts.count == 6, parts[0] > 0, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        var zoneSeconds = 0
        if let offset, offset.count == 6, let sign = offset.first, sign == "+" || sign == "-" {
            let fields = offset.dropFirst().split(separator: ":").compactMap { Int($0) }
            if fields.count == 2 { zoneSeconds = (sign == "-" ? -1 : 1) * (fields[0] * 3_600 + fields[1] * 60) }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: zoneSeconds) ?? TimeZone(secondsFromGMT: 0)!
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2],
                                        hour: parts[3], minute: parts[4], second: parts[5])
        return calendar.date(from: components)
    }
}

/// Typed reads from a loaded `ExifData`, one IFD at a time.
private struct EXIFReader {
    let data: UnsafeMutablePointer<ExifData>

    private var byteOrder: ExifByteOrder { exif_data_get_byte_order(data) }

    var hasAnyEntry: Bool {
        [EXIF_IFD_0, EXIF_IFD_EXIF, EXIF_IFD_GPS].contains { content($0).map { $0.pointee.count > 0 } ?? false }
    }

    private func content(_ ifd: ExifIfd) -> UnsafeMutablePointer<ExifContent>? {
        withUnsafeBytes(of: data.pointee.ifd) { raw in
            raw.bindMemory(to: UnsafeMutablePointer<ExifContent>?.self)[Int(ifd.rawValue)]
        }
    }

    private func entry(_ tag: UInt32, in ifd: ExifIfd, format: ExifFormat, minimumComponents: UInt) -> ExifEntry? {
        guard let content = content(ifd),
              let entry = exif_content_get_entry(content, ExifTag(rawValue: tag)),
              entry.pointee.format == format, entry.pointee.components >= minimumComponents,
              entry.pointee.data != nil else { return nil }
        return entry.pointee
    }

    func short(_ tag: UInt32, in ifd: ExifIfd) -> UInt16? {
        guard let entry = entry(tag, in: ifd, format: EXIF_FORMAT_SHORT, minimumComponents: 1) else { return nil }
        return exif_get_short(entry.data, byteOrder)
    }

    func ascii(_ tag: UInt32, in ifd: ExifIfd) -> String? {
        guard let entry = entry(tag, in: ifd, format: EXIF_FORMAT_ASCII, minimumComponents: 1) else { return nil }
        let bytes = UnsafeBufferPointer(start: entry.data, count: Int(entry.size)).prefix { $0 != 0 }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    /// Degrees, minutes and seconds as three rationals, signed by the reference letter.
    private func degrees(_ tag: UInt32, reference: UInt32, negative: Character) -> Double? {
        guard let entry = entry(tag, in: EXIF_IFD_GPS, format: EXIF_FORMAT_RATIONAL, minimumComponents: 3) else {
            return nil
        }
        let size = Int(exif_format_get_size(EXIF_FORMAT_RATIONAL))
        var total = 0.0
        for (index, divisor) in [1.0, 60.0, 3_600.0].enumerated() {
            let value = exif_get_rational(entry.data + index * size, byteOrder)
            guard value.denominator != 0 else { return nil }
            total += Double(value.numerator) / Double(value.denominator) / divisor
        }
        // Rounded to 1e-7 degrees (about 1 cm): the sum of three rationals otherwise prints as
        // 2.2944999999999998 for a tag that says 2° 17' 40.2".
        let rounded = (total * 1e7).rounded() / 1e7
        let letter = ascii(reference, in: EXIF_IFD_GPS)?.first
        return letter == negative ? -rounded : rounded
    }

    func coordinate() -> GeoCoordinate? {
        // GPSLatitudeRef 0x0001, GPSLatitude 0x0002, GPSLongitudeRef 0x0003, GPSLongitude 0x0004.
        guard let latitude = degrees(0x0002, reference: 0x0001, negative: "S"),
              let longitude = degrees(0x0004, reference: 0x0003, negative: "W"),
              (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        return GeoCoordinate(latitude: latitude, longitude: longitude)
    }
}
