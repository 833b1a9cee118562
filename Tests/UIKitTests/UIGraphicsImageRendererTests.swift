import Core
import Foundation
import Testing
@testable import UIKit

/// UIGraphicsImageRenderer: the format's scale, fills, and images drawn upright.
@Suite struct UIGraphicsImageRendererTests {
    @Test func theDefaultFormatHasTheScreensScale() {
        #expect(UIGraphicsImageRendererFormat.default().scale == UIScreen.main.scale)
        #expect(UIGraphicsImageRendererFormat.default().opaque == false)
    }

    /// The fill colour is the context's (Core Graphics' graphics state): set outside a renderer
    /// it changes nothing, and each renderer starts black; renderers on two threads at once
    /// each draw into their own context.
    @Test func theFillColourBelongsToTheContextAndEachThreadDrawsIntoItsOwn() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        UIColor.red.setFill()
        let black = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: format).image { context in
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        #expect(Array(black.bitmap!.pixel(x: 0, y: 0)) == [0, 0, 0, 255])
        let colours: [UIColor] = [.red, .blue]
        let drawn = colours.map { _ in Locked<UIImage?>(nil) }
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let own = UIGraphicsImageRendererFormat()
            own.scale = 1
            let image = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8), format: own).image { _ in
                for _ in 0..<200 {
                    colours[index].setFill()
                    UIRectFill(CGRect(x: 0, y: 0, width: 8, height: 8))
                }
            }
            drawn[index].set(image)
        }
        #expect(Array(try #require(drawn[0].value).bitmap!.pixel(x: 4, y: 4)) == [255, 0, 0, 255])
        #expect(Array(try #require(drawn[1].value).bitmap!.pixel(x: 4, y: 4)) == [0, 0, 255, 255])
    }

    @Test func anImageHasThePointSizeAtTheFormatsScale() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 5), format: format).image { _ in }
        #expect(image.size == CGSize(width: 10, height: 5))
        #expect(image.scale == 2)
        #expect(image.bitmap!.width == 20 && image.bitmap!.height == 10)
        #expect(Array(image.bitmap!.pixel(x: 3, y: 3)) == [0, 0, 0, 0], "not opaque: transparent where nothing was drawn")
    }

    @Test func fillsCompositeOverWhatIsThere() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            UIColor(red: 0, green: 0, blue: 1, alpha: 0.5).setFill()
            UIRectFill(CGRect(x: 2, y: 0, width: 2, height: 4))
        }
        #expect(Array(image.bitmap!.pixel(x: 0, y: 0)) == [255, 0, 0, 255])
        let mixed = Array(image.bitmap!.pixel(x: 3, y: 3))
        #expect(abs(Int(mixed[0]) - 127) <= 1 && mixed[1] == 0 && abs(Int(mixed[2]) - 128) <= 1 && mixed[3] == 255, "\(mixed)")
    }

    @Test func anImageIsDrawnUpright() throws {
        let data = try UIImageTests.fixture("tiny_orient6.jpg")
        let photo = try #require(UIImage(data: data))
        let upright = try ImageDecoder().decode(data, applyingOrientation: true)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let drawn = UIGraphicsImageRenderer(size: photo.size, format: format).image { _ in
            photo.draw(in: CGRect(origin: .zero, size: photo.size))
        }
        #expect(drawn.bitmap!.width == upright.width && drawn.bitmap!.height == upright.height)
        for (x, y) in [(0, 0), (upright.width - 1, 0), (upright.width / 2, upright.height - 1)] {
            let expected = Array(upright.pixel(x: x, y: y).prefix(3))
            let actual = Array(drawn.bitmap!.pixel(x: x, y: y).prefix(3))
            #expect(zip(expected, actual).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "(\(x), \(y)): \(expected) vs \(actual)")
        }
        let thumbnail = UIGraphicsImageRenderer(size: CGSize(width: 6, height: 8), format: format).image { _ in
            photo.draw(in: CGRect(x: 0, y: 0, width: 6, height: 8))
        }
        #expect(thumbnail.size == CGSize(width: 6, height: 8))
        #expect(Array(thumbnail.bitmap!.pixel(x: 5, y: 7))[3] == 255, "covered to the corner")
    }

    /// A photo drawn at an eighth of its size is decoded from its JPEG at that scale: the same
    /// picture as the full decode averaged down, within a JPEG's rounding.
    @Test func aPhotoDrawnSmallIsThePictureOfTheFullDecode() throws {
        let pixels = (0..<(800 * 600)).flatMap { index -> [UInt8] in
            let (x, y) = (index % 800, index / 800)
            return x < 400 ? (y < 300 ? [220, 40, 40] : [40, 220, 40]) : (y < 300 ? [40, 40, 220] : [230, 230, 230])
        }
        let jpeg = try JPEGEncoder.encode(Bitmap(width: 800, height: 600, format: .rgb, pixels: pixels), quality: 95)
        let photo = try #require(UIImage(data: jpeg))
        let png = try #require(photo.pngData())
        let full = try #require(UIImage(data: png), "the same pixels, from a PNG: decoded at full size")
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        func drawn(_ image: UIImage) -> UIImage {
            UIGraphicsImageRenderer(size: CGSize(width: 100, height: 75), format: format).image { _ in
                image.draw(in: CGRect(x: 0, y: 0, width: 100, height: 75))
            }
        }
        let small = drawn(photo), reference = drawn(full)
        for (x, y) in [(10, 10), (90, 10), (10, 65), (90, 65), (50, 37)] {
            let one = Array(small.bitmap!.pixel(x: x, y: y)), other = Array(reference.bitmap!.pixel(x: x, y: y))
            #expect(zip(one, other).allSatisfy { abs(Int($0) - Int($1)) <= 12 }, "(\(x), \(y)): \(one) vs \(other)")
        }
        let thumbnail = try #require(photo.preparingThumbnail(of: CGSize(width: 100, height: 75)))
        #expect(Array(thumbnail.bitmap!.pixel(x: 90, y: 65).prefix(3)).allSatisfy { $0 > 200 }, "the white quarter")
    }

    @Test func jpegAndPngDataAreTheImagesBytes() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8))
        let png = renderer.pngData { context in
            UIColor.green.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        }
        #expect(UIImage(data: png)?.size == CGSize(width: 8 * UIScreen.main.scale, height: 8 * UIScreen.main.scale))
        let jpeg = renderer.jpegData(withCompressionQuality: 0.9) { _ in }
        #expect(UIImage(data: jpeg) != nil)
    }
}

extension UIGraphicsImageRendererTests {
    /// A thumbnail larger than its photo is enlarged, not refused (the area filter only shrinks).
    @Test func aSmallPhotoDrawnLargeIsEnlarged() throws {
        let photo = try #require(UIImage(data: try UIImageTests.fixture("gradient_40x30.png")))
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let large = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: format).image { _ in
            photo.draw(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        }
        #expect(large.bitmap!.width == 300 && large.bitmap!.height == 300)
        let corner = Array(photo.bitmap!.pixel(x: 0, y: 0))
        let drawn = Array(large.bitmap!.pixel(x: 0, y: 0))
        #expect(zip(corner.prefix(3), drawn.prefix(3)).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(corner) vs \(drawn)")
    }
}

/// A value two threads hand over.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}
