import Core
import Foundation
import Testing

@Suite struct BitmapOrientationTests {
    /// Stored 3x2:   1 2 3
    ///               4 5 6
    /// and where each value must be displayed, row by row, for each EXIF orientation.
    static let placements: [(orientation: ImageOrientation, width: Int, rows: [[UInt8]])] = [
        (.up, 3, [[1, 2, 3], [4, 5, 6]]),
        (.upMirrored, 3, [[3, 2, 1], [6, 5, 4]]),
        (.down, 3, [[6, 5, 4], [3, 2, 1]]),
        (.downMirrored, 3, [[4, 5, 6], [1, 2, 3]]),
        (.leftMirrored, 2, [[1, 4], [2, 5], [3, 6]]),
        (.right, 2, [[4, 1], [5, 2], [6, 3]]),          // 90° clockwise
        (.rightMirrored, 2, [[6, 3], [5, 2], [4, 1]]),
        (.left, 2, [[3, 6], [2, 5], [1, 4]]),           // 90° anticlockwise
    ]

    static let stored: [[UInt8]] = [[1, 2, 3], [4, 5, 6]]

    @Test(arguments: placements)
    func grayPixelsLandWhereTheOrientationSays(placement: (orientation: ImageOrientation, width: Int, rows: [[UInt8]])) {
        let bitmap = TestImages.bitmap(width: 3, height: 2, format: .gray) { x, y in [Self.stored[y][x]] }
        let upright = bitmap.oriented(placement.orientation)
        #expect(upright.width == placement.width && upright.height == placement.rows.count)
        #expect(upright.pixels == placement.rows.flatMap { $0 })
    }

    /// The same placements with 3- and 4-byte pixels, whose bytes must travel together.
    @Test(arguments: placements, [PixelFormat.rgb, .rgba])
    func widePixelsMoveWhole(placement: (orientation: ImageOrientation, width: Int, rows: [[UInt8]]), format: PixelFormat) {
        func pixel(_ value: UInt8) -> [UInt8] { (0..<format.bytesPerPixel).map { value &* 10 &+ UInt8($0) } }
        let bitmap = TestImages.bitmap(width: 3, height: 2, format: format) { x, y in pixel(Self.stored[y][x]) }
        let upright = bitmap.oriented(placement.orientation)
        #expect(upright.format == format)
        #expect(upright.pixels == placement.rows.flatMap { $0 }.flatMap(pixel))
    }

    @Test func upReturnsTheSameBitmap() {
        let bitmap = TestImages.flat(width: 2, height: 2, colour: [1, 2, 3])
        #expect(bitmap.oriented(.up) === bitmap)
    }

    @Test func orientedBitmapsReportToTheSameMeter() {
        let ledger = MemoryLedger()
        let bitmap = TestImages.bitmap(width: 3, height: 2, format: .gray, meter: ledger) { x, y in [Self.stored[y][x]] }
        let rotated = bitmap.oriented(.right)
        #expect(ledger.totalBytes == bitmap.byteCount + rotated.byteCount)
    }

    /// Which stored quadrant shows at the displayed top-left and top-right corners.
    static let corners: [(orientation: UInt16, topLeft: Quadrant, topRight: Quadrant)] = [
        (1, Quadrant(left: true, top: true), Quadrant(left: false, top: true)),
        (2, Quadrant(left: false, top: true), Quadrant(left: true, top: true)),
        (3, Quadrant(left: false, top: false), Quadrant(left: true, top: false)),
        (4, Quadrant(left: true, top: false), Quadrant(left: false, top: false)),
        (5, Quadrant(left: true, top: true), Quadrant(left: true, top: false)),
        (6, Quadrant(left: true, top: false), Quadrant(left: true, top: true)),
        (7, Quadrant(left: false, top: false), Quadrant(left: false, top: true)),
        (8, Quadrant(left: false, top: true), Quadrant(left: false, top: false)),
    ]

    /// End to end: a JPEG carrying an EXIF orientation tag decodes upright.
    @Test(arguments: corners)
    func jpegWithEXIFOrientationDecodesUpright(corner: (orientation: UInt16, topLeft: Quadrant, topRight: Quadrant)) throws {
        let stored = TestImages.jpeg(TestImages.quadrants(width: 64, height: 32))
        let data = TestImages.withEXIFOrientation(stored, corner.orientation)
        #expect(try ImageProbe.probe(data).orientation.rawValue == corner.orientation)
        let upright = try ImageDecoder().decode(data)
        let swapped = corner.orientation >= 5
        #expect(upright.width == (swapped ? 32 : 64) && upright.height == (swapped ? 64 : 32))
        #expect(Quadrant.nearest(to: upright.pixel(x: 4, y: 4)) == corner.topLeft)
        #expect(Quadrant.nearest(to: upright.pixel(x: upright.width - 5, y: 4)) == corner.topRight)
    }
}
