import Foundation

/// The orientation of a HEIF's primary image, from its `irot` and `imir` item properties.
extension HEIFBoxes {
    /// How the primary item's stored pixels turn upright: its transformative properties composed
    /// in the order the `ipma` box associates them (ISO/IEC 23008-12), as an EXIF orientation.
    /// `.up` when it has none; `nil` when the boxes cannot be followed.
    ///
    /// `irot` turns anticlockwise by its angle x 90°. `imir`'s axis is read as libheif 1.15 reads
    /// and writes it (axis 1 flips left to right, 0 top to bottom), so that the orientation
    /// matches the pixels libheif decodes; a test checks all eight against libheif.
    static func primaryItemOrientation(in data: Data) -> ImageOrientation? {
        data.withUnsafeBytes { primaryItemOrientation(in: $0) }
    }

    private static func primaryItemOrientation(in bytes: UnsafeRawBufferPointer) -> ImageOrientation? {
        guard let top = children(in: bytes, 0..<bytes.count),
              let meta = top.first(where: { $0.type == "meta" }),
              let inMeta = children(in: bytes, (meta.payload.lowerBound + 4)..<meta.payload.upperBound),
              let pitm = inMeta.first(where: { $0.type == "pitm" }),
              let primary = itemID(in: bytes, fullBox: pitm, at: pitm.payload.lowerBound + 4),
              let iprp = inMeta.first(where: { $0.type == "iprp" }),
              let inProperties = children(in: bytes, iprp.payload),
              let ipco = inProperties.first(where: { $0.type == "ipco" }),
              let properties = children(in: bytes, ipco.payload),
              let ipma = inProperties.first(where: { $0.type == "ipma" }),
              let indices = propertyIndices(of: primary, in: bytes, ipma: ipma)
        else { return nil }
        var transform = Transform.identity
        for index in indices where (1...properties.count).contains(index) {
            let property = properties[index - 1]
            guard let value = number(in: bytes, at: property.payload.lowerBound, count: 1, end: property.payload.upperBound)
            else { continue }
            switch property.type {
            case "irot": transform = Transform.anticlockwiseQuarterTurns(value & 3).after(transform)
            case "imir": transform = (value & 1 == 1 ? Transform.flipLeftRight : .flipTopBottom).after(transform)
            default: continue
            }
        }
        return transform.orientation
    }

    /// The item ID of a `pitm` box: 16 bits in version 0, 32 after.
    private static func itemID(in bytes: UnsafeRawBufferPointer, fullBox: Box, at offset: Int) -> Int? {
        guard let version = number(in: bytes, at: fullBox.payload.lowerBound, count: 1, end: fullBox.payload.upperBound)
        else { return nil }
        return number(in: bytes, at: offset, count: version == 0 ? 2 : 4, end: fullBox.payload.upperBound)
    }

    /// The 1-based `ipco` indices `ipma` associates with `item`, in order.
    private static func propertyIndices(of item: Int, in bytes: UnsafeRawBufferPointer, ipma: Box) -> [Int]? {
        let end = ipma.payload.upperBound, start = ipma.payload.lowerBound
        guard let version = number(in: bytes, at: start, count: 1, end: end),
              let flags = number(in: bytes, at: start + 1, count: 3, end: end),
              let entryCount = number(in: bytes, at: start + 4, count: 4, end: end) else { return nil }
        let idLength = version < 1 ? 2 : 4, indexLength = flags & 1 == 1 ? 2 : 1
        var offset = start + 8
        for _ in 0..<min(entryCount, end - offset) {
            guard let id = number(in: bytes, at: offset, count: idLength, end: end),
                  let count = number(in: bytes, at: offset + idLength, count: 1, end: end) else { return nil }
            offset += idLength + 1
            var indices: [Int] = []
            for _ in 0..<count {
                guard let association = number(in: bytes, at: offset, count: indexLength, end: end) else { return nil }
                indices.append(association & (indexLength == 2 ? 0x7FFF : 0x7F))  // without the "essential" bit
                offset += indexLength
            }
            if id == item { return indices }
        }
        return []
    }
}

/// A turn or flip of an image as the 2x2 matrix it applies to pixel positions (x right, y down).
private struct Transform: Equatable {
    let xx: Int, xy: Int, yx: Int, yy: Int

    static let identity = Transform(xx: 1, xy: 0, yx: 0, yy: 1)
    static let clockwiseQuarterTurn = Transform(xx: 0, xy: -1, yx: 1, yy: 0)
    static let flipLeftRight = Transform(xx: -1, xy: 0, yx: 0, yy: 1)
    static let flipTopBottom = Transform(xx: 1, xy: 0, yx: 0, yy: -1)

    static func anticlockwiseQuarterTurns(_ turns: Int) -> Transform {
        (0..<((4 - turns % 4) % 4)).reduce(identity) { turned, _ in clockwiseQuarterTurn.after(turned) }
    }

    /// This transform applied after `first`.
    func after(_ first: Transform) -> Transform {
        Transform(xx: xx * first.xx + xy * first.yx, xy: xx * first.xy + xy * first.yy,
                  yx: yx * first.xx + yy * first.yx, yy: yx * first.xy + yy * first.yy)
    }

    /// The EXIF orientation that turns stored pixels the same way (5: a quarter turn clockwise
    /// then a left-right flip; 7: a quarter turn clockwise then a top-bottom flip).
    var orientation: ImageOrientation {
        let turn = Transform.clockwiseQuarterTurn
        let table: [(Transform, ImageOrientation)] = [
            (.identity, .up), (.flipLeftRight, .upMirrored), (turn.after(turn), .down), (.flipTopBottom, .downMirrored),
            (Transform.flipLeftRight.after(turn), .leftMirrored), (turn, .right),
            (Transform.flipTopBottom.after(turn), .rightMirrored), (turn.after(turn).after(turn), .left),
        ]
        return table.first { $0.0 == self }!.1
    }
}
