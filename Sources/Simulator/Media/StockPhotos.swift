import Core
import Foundation

/// The six photos a new device's library starts with, drawn in code and encoded as JPEG.
///
/// Apple's Simulator ships a few sample photos; PhotoSim draws its own instead of committing
/// binaries: gradients and patterns in several shapes (landscape 4:3 and 16:9, a portrait, a
/// square), so an app sees different sizes and orientations from the first launch. The drawing
/// and the encoder are deterministic, so the bytes are the same on every run and machine.
///
/// Creation dates are fixed (PhotoSim's choice, not Apple's): 2024-05-01 to 2024-05-06 UTC, one a
/// day at 09:00, 10:00 ... 14:00, in the order listed in ``recipes``. None has GPS.
enum StockPhotos {
    /// What one stock photo looks like.
    enum Pattern: Sendable {
        /// Light blue at the top to deep blue at the bottom.
        case sky
        /// Orange to purple, with a sun low in the middle.
        case sunset
        /// A pale tower on a dusk sky (the portrait).
        case tower
        /// An eight-by-eight checkerboard of two greys.
        case tiles
        /// Concentric teal rings.
        case ripples
        /// Green diagonal stripes.
        case meadow
    }

    /// One stock photo: its original file name, stored size, pattern and creation date.
    struct Recipe: Sendable {
        let originalFilename: String
        let pixelWidth: Int
        let pixelHeight: Int
        let pattern: Pattern
        let creationDate: Date
    }

    static let jpegQuality = 90

    /// The six photos in the order they are added (IMG_0001 ... IMG_0006 on a new device).
    static func recipes() -> [Recipe] {
        [
            Recipe(originalFilename: "Sky.jpg", pixelWidth: 640, pixelHeight: 480, pattern: .sky, creationDate: may2024(day: 1, hour: 9)),
            Recipe(originalFilename: "Sunset.jpg", pixelWidth: 800, pixelHeight: 450, pattern: .sunset, creationDate: may2024(day: 2, hour: 10)),
            Recipe(originalFilename: "Tower.jpg", pixelWidth: 480, pixelHeight: 640, pattern: .tower, creationDate: may2024(day: 3, hour: 11)),
            Recipe(originalFilename: "Tiles.jpg", pixelWidth: 600, pixelHeight: 600, pattern: .tiles, creationDate: may2024(day: 4, hour: 12)),
            Recipe(originalFilename: "Ripples.jpg", pixelWidth: 640, pixelHeight: 480, pattern: .ripples, creationDate: may2024(day: 5, hour: 13)),
            Recipe(originalFilename: "Meadow.jpg", pixelWidth: 720, pixelHeight: 480, pattern: .meadow, creationDate: may2024(day: 6, hour: 14)),
        ]
    }

    /// Draws and encodes every stock photo, ready to add.
    static func make() throws(MediaLibraryError) -> [ProbedPhoto] {
        var photos: [ProbedPhoto] = []
        for recipe in recipes() {
            let data: Data
            do throws(ImageError) {
                data = try JPEGEncoder.encode(render(recipe), quality: jpegQuality)
            } catch {
                throw .unreadable(path: recipe.originalFilename, reason: "the stock photo could not be encoded: \(error)")
            }
            photos.append(try ProbedPhoto(MediaSource(path: recipe.originalFilename, data: data),
                                          creationDate: recipe.creationDate))
        }
        return photos
    }

    /// The RGB pixels of `recipe`.
    static func render(_ recipe: Recipe) -> Bitmap {
        let width = recipe.pixelWidth, height = recipe.pixelHeight
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var index = 0
        for y in 0..<height {
            for x in 0..<width {
                let colour = self.colour(recipe.pattern, x: x, y: y, width: width, height: height)
                pixels[index] = colour.red
                pixels[index + 1] = colour.green
                pixels[index + 2] = colour.blue
                index += 3
            }
        }
        return Bitmap(width: width, height: height, format: .rgb, pixels: pixels)
    }

    // MARK: - Drawing

    private struct Colour {
        let red: UInt8, green: UInt8, blue: UInt8

        /// The colour `fraction` (0...1) of the way from `self` to `other`.
        func blended(to other: Colour, _ fraction: Double) -> Colour {
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
                UInt8((Double(a) + (Double(b) - Double(a)) * min(max(fraction, 0), 1)).rounded())
            }
            return Colour(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
        }
    }

    private static func colour(_ pattern: Pattern, x: Int, y: Int, width: Int, height: Int) -> Colour {
        let across = Double(x) / Double(width - 1), down = Double(y) / Double(height - 1)
        switch pattern {
        case .sky:
            return Colour(red: 170, green: 210, blue: 250).blended(to: Colour(red: 20, green: 60, blue: 160), down)
        case .sunset:
            let sky = Colour(red: 250, green: 150, blue: 60).blended(to: Colour(red: 90, green: 40, blue: 120), down)
            let distance = hypot(across - 0.5, (down - 0.7) * Double(height) / Double(width))
            return distance < 0.08 ? Colour(red: 255, green: 230, blue: 140) : sky
        case .tower:
            let sky = Colour(red: 60, green: 70, blue: 130).blended(to: Colour(red: 230, green: 160, blue: 120), down)
            let halfWidth = 0.04 + 0.12 * down
            return abs(across - 0.5) < halfWidth && down > 0.15 ? Colour(red: 225, green: 220, blue: 205) : sky
        case .tiles:
            let dark = (x * 8 / width + y * 8 / height) % 2 == 0
            return dark ? Colour(red: 70, green: 70, blue: 75) : Colour(red: 200, green: 200, blue: 195)
        case .ripples:
            let distance = hypot(across - 0.5, (down - 0.5) * Double(height) / Double(width))
            let wave = (sin(distance * 60) + 1) / 2
            return Colour(red: 10, green: 90, blue: 100).blended(to: Colour(red: 120, green: 220, blue: 210), wave)
        case .meadow:
            let stripe = ((x + y) / 24) % 2 == 0
            let base = stripe ? Colour(red: 60, green: 140, blue: 50) : Colour(red: 110, green: 180, blue: 70)
            return base.blended(to: Colour(red: 40, green: 90, blue: 30), down * 0.5)
        }
    }

    /// 2024-05-`day` `hour`:00:00 UTC.
    private static func may2024(day: Int, hour: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar.date(from: DateComponents(year: 2024, month: 5, day: day, hour: hour))!
    }
}
