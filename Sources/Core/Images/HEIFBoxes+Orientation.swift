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
        guard let items = ItemBoxes(in: bytes), let properties = items.properties(of: items.primary, in: bytes) else { return nil }
        var transform = Transform.identity
        for property in properties {
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
