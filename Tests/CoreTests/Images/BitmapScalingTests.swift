import Core
import Testing

/// `Bitmap.scaled`: the area filter for shrinking, bilinear interpolation for enlarging.
@Suite struct BitmapScalingTests {
    @Test func anEnlargementInterpolatesBetweenTheSourcePixels() {
        let source = Bitmap(width: 2, height: 1, format: .gray, pixels: [0, 200])
        let enlarged = source.scaled(toWidth: 3, height: 2)
        #expect(enlarged.width == 3 && enlarged.height == 2)
        #expect(enlarged.pixels == [0, 100, 200, 0, 100, 200], "the ends kept, the middle between them")
    }

    @Test func aShrinkIsTheAreaFiltersMean() {
        let source = Bitmap(width: 2, height: 2, format: .gray, pixels: [0, 100, 100, 200])
        let shrunk = source.scaled(toWidth: 1, height: 1)
        #expect(shrunk.pixels == source.resampled(toWidth: 1, height: 1).pixels)
        #expect(shrunk.pixels == [100])
    }

    @Test func anEnlargementKeepsEveryChannel() {
        let source = Bitmap(width: 1, height: 1, format: .rgba, pixels: [10, 20, 30, 40])
        let enlarged = source.scaled(toWidth: 2, height: 2)
        #expect(enlarged.pixels == [10, 20, 30, 40, 10, 20, 30, 40, 10, 20, 30, 40, 10, 20, 30, 40])
    }
}
