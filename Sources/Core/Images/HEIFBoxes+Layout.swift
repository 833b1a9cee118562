import Foundation

/// What libheif 1.15 builds in memory to decode a HEIF's primary image, from its item properties.
extension HEIFBoxes {
    /// How the primary image is coded and turned, as far as decoding memory depends on it.
    struct PrimaryImageLayout: Equatable {
        /// The HEVC chroma format of the primary item, or of a grid's first tile (`hvcC`'s
        /// `chroma_format_idc`, ISO/IEC 14496-15 8.3.3.1.2): 0 grey, 1 4:2:0, 2 4:2:2, 3 4:4:4.
        let chromaFormat: Int
        /// For an image composed of tiles (a `grid`, as an iPhone writes its photos): one tile's
        /// pixels, from its `ispe`. `nil` when the primary item is coded itself.
        let tilePixelCount: Int?
        /// The `irot` (by a non-zero angle) and `clap` properties: libheif applies each by making
        /// a turned or cropped copy of the image (`imir` flips in place).
        let copyingTransformCount: Int
        /// How many tiles the primary item refers to (`dimg`); 0 when it is coded itself.
        var tileCount = 0
    }

    /// The primary image's layout; `nil` when the boxes cannot be followed or hold no `hvcC`.
    static func primaryImageLayout(in data: Data) -> PrimaryImageLayout? {
        data.withUnsafeBytes { bytes -> PrimaryImageLayout? in
            guard let items = ItemBoxes(in: bytes), let properties = items.properties(of: items.primary, in: bytes)
            else { return nil }
            let copies = properties.filter { property in
                property.type == "clap" || (property.type == "irot"
                    && (number(in: bytes, at: property.payload.lowerBound, count: 1, end: property.payload.upperBound) ?? 1) & 3 != 0)
            }.count
            if let chroma = chromaFormat(in: properties, bytes) {
                return PrimaryImageLayout(chromaFormat: chroma, tilePixelCount: nil, copyingTransformCount: copies)
            }
            guard let tiles = items.references(from: items.primary, type: "dimg", in: bytes), let tile = tiles.first,
                  let tileProperties = items.properties(of: tile, in: bytes),
                  let chroma = chromaFormat(in: tileProperties, bytes),
                  let size = pixelCount(in: tileProperties, bytes) else { return nil }
            return PrimaryImageLayout(chromaFormat: chroma, tilePixelCount: size, copyingTransformCount: copies,
                                      tileCount: tiles.count)
        }
    }

    /// `chroma_format_idc`, the low 2 bits of the 17th byte of an `hvcC` payload.
    private static func chromaFormat(in properties: [Box], _ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let hvcC = properties.first(where: { $0.type == "hvcC" }) else { return nil }
        return number(in: bytes, at: hvcC.payload.lowerBound + 16, count: 1, end: hvcC.payload.upperBound).map { $0 & 3 }
    }

    /// Width x height of an `ispe` property (a full box: version and flags, then two 32-bit sizes).
    private static func pixelCount(in properties: [Box], _ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let ispe = properties.first(where: { $0.type == "ispe" }) else { return nil }
        let start = ispe.payload.lowerBound, end = ispe.payload.upperBound
        guard let width = number(in: bytes, at: start + 4, count: 4, end: end),
              let height = number(in: bytes, at: start + 8, count: 4, end: end) else { return nil }
        return width * height
    }
}
