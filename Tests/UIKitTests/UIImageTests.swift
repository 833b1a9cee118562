import Core
import Foundation
import Testing
import UIKit

/// UIImage on Core's decoders, with iOS's orientation rules.
@Suite struct UIImageTests {
    /// A fixture of `Tests/SimulatorTests/Fixtures` (see LICENSES.md there).
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SimulatorTests/Fixtures").appendingPathComponent(name))
    }

    @Test func aSidewaysPhotoKeepsItsPixelsAndReportsItsOrientation() throws {
        let image = try #require(UIImage(data: try Self.fixture("tiny_orient6.jpg")))
        #expect(image.imageOrientation == .right)
        #expect(image.scale == 1)
        let plain = try #require(UIImage(data: try Self.fixture("tiny_exif_gps.jpg")))
        #expect(plain.imageOrientation == .up)
    }

    @Test func jpegDataKeepsTheOrientationAndPngDataDropsIt() throws {
        let image = try #require(UIImage(data: try Self.fixture("tiny_orient6.jpg")))
        let jpeg = try #require(image.jpegData(compressionQuality: 0.8))
        let again = try #require(UIImage(data: jpeg))
        #expect(again.imageOrientation == .right)
        #expect(again.size == image.size)
        let png = try #require(image.pngData())
        let fromPNG = try #require(UIImage(data: png))
        #expect(fromPNG.imageOrientation == .up)
        #expect(fromPNG.size == CGSize(width: image.size.height, height: image.size.width), "the stored pixels, sideways")
    }

    /// `preparingThumbnail(of:)`: upright, at exactly the size asked, scale 1; the async and
    /// completion-handler forms give the same; nothing for an empty image or a size under a pixel.
    @Test func aThumbnailIsUprightAtTheSizeAsked() async throws {
        let image = try #require(UIImage(data: try Self.fixture("tiny_orient6.jpg")))
        let thumbnail = try #require(image.preparingThumbnail(of: CGSize(width: 6, height: 8)))
        #expect(thumbnail.size == CGSize(width: 6, height: 8) && thumbnail.scale == 1 && thumbnail.imageOrientation == .up)
        let later = await image.byPreparingThumbnail(ofSize: CGSize(width: 3, height: 4))
        #expect(later?.size == CGSize(width: 3, height: 4))
        #expect(UIImage().preparingThumbnail(of: CGSize(width: 10, height: 10)) == nil)
        #expect(image.preparingThumbnail(of: CGSize(width: 0.2, height: 5)) == nil)
    }

    @Test func aScaleDividesTheSize() throws {
        let data = try Self.fixture("gradient_40x30.png")
        let one = try #require(UIImage(data: data))
        #expect(one.size == CGSize(width: 40, height: 30))
        let two = try #require(UIImage(data: data, scale: 2))
        #expect(two.size == CGSize(width: 20, height: 15))
        #expect(two.pngData().flatMap { UIImage(data: $0) }?.size == CGSize(width: 40, height: 30))
    }

    /// `UIImage()`: an empty image with no pixels (UIImage.h `init`), as apps use it for a
    /// placeholder: size zero, scale 1, `.up`, no JPEG or PNG data, and drawing it draws nothing.
    @Test func anEmptyImageHasNoSizeNoDataAndDrawsNothing() throws {
        let empty = UIImage()
        #expect(empty.size == .zero && empty.scale == 1 && empty.imageOrientation == .up)
        #expect(empty.jpegData(compressionQuality: 0.8) == nil && empty.pngData() == nil)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { _ in
            empty.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        let pixels = try ImageDecoder().decode(try #require(drawn.pngData()))
        #expect(Array(pixels.pixel(x: 1, y: 1)) == [0, 0, 0, 0])
        let view = UIImageView(image: empty)
        #expect(view.frame.size == .zero)
    }

    @Test func whatIsNotAnImageIsNil() throws {
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(contentsOfFile: "/nonexistent/photo.jpg") == nil)
        #expect(UIImage(named: "no-such-image") == nil)
        let truncated = try Self.fixture("tiny_orient6.jpg").prefix(200)
        #expect(UIImage(data: Data(truncated)) == nil)
    }

    @Test func aFileNamedAt2xHasThatScale() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("UIImageTests-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("gradient@2x.png")
        try Self.fixture("gradient_40x30.png").write(to: file)
        let image = try #require(UIImage(contentsOfFile: file.path))
        #expect(image.scale == 2)
        #expect(image.size == CGSize(width: 20, height: 15))
        let view = UIImageView(image: image)
        #expect(view.frame.size == CGSize(width: 20, height: 15))
    }
}

extension UIImageTests {
    @Test func aSymbolImageHasNoPixelsButASize() throws {
        let symbol = try #require(UIImage(systemName: "camera"))
        #expect(symbol.isSymbolImage)
        #expect(symbol.size == CGSize(width: 17, height: 17))
        #expect(UIImage(systemName: "") == nil)
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Camera", image: symbol) { _ in })
        #expect(button.currentImage === symbol)
        #expect(button.currentTitle == "Camera")
        let item = UIBarButtonItem(image: symbol, primaryAction: UIAction { _ in })
        #expect(item.image === symbol && item.title == nil)
    }
}
