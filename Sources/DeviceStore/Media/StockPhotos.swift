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
        /// Deep blue to peach, corner to corner.
        case dawn
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
            Recipe(originalFilename: "Dawn.jpg", pixelWidth: 640, pixelHeight: 480, pattern: .dawn, creationDate: may2024(day: 5, hour: 13)),
            Recipe(originalFilename: "Meadow.jpg", pixelWidth: 720, pixelHeight: 480, pattern: .meadow, creationDate: may2024(day: 6, hour: 14)),
        ]
    }

    /// Draws and encodes every stock photo, ready to add.
    static func make() throws(MediaLibraryError) -> [MediaSource] {
        var photos: [MediaSource] = []
        for recipe in recipes() {
            let data: Data
            do throws(ImageError) {
                data = try JPEGEncoder.encode(render(recipe), quality: jpegQuality)
            } catch {
                throw .unreadable(path: recipe.originalFilename, reason: "the stock photo could not be encoded: \(error)")
            }
            photos.append(MediaSource(path: recipe.originalFilename, content: .bytes(data), creationDate: recipe.creationDate))
        }
        return photos
    }

    /// The RGB pixels of `recipe`.
    ///
    /// Every pattern is drawn a row at a time from spans of one colour or windows of a precomputed
    /// strip, so drawing stays fast in unoptimized builds, where tests create many devices.
    static func render(_ recipe: Recipe) -> Bitmap {
        var canvas = StockPhotoCanvas(width: recipe.pixelWidth, height: recipe.pixelHeight)
        switch recipe.pattern {
        case .sky: drawSky(on: &canvas)
        case .sunset: drawSunset(on: &canvas)
        case .tower: drawTower(on: &canvas)
        case .tiles: drawTiles(on: &canvas)
        case .dawn: drawDawn(on: &canvas)
        case .meadow: drawMeadow(on: &canvas)
        }
        return Bitmap(width: canvas.width, height: canvas.height, format: .rgb, pixels: canvas.pixels)
    }

    // MARK: - Drawing

    private static func drawSky(on canvas: inout StockPhotoCanvas) {
        let top = RGB(170, 210, 250), bottom = RGB(20, 60, 160)
        for y in 0..<canvas.height {
            canvas.fill(row: y, columns: 0..<canvas.width, with: top.blended(to: bottom, y, of: canvas.height - 1))
        }
    }

    private static func drawSunset(on canvas: inout StockPhotoCanvas) {
        let top = RGB(250, 150, 60), bottom = RGB(90, 40, 120), sun = RGB(255, 230, 140)
        let centreX = canvas.width / 2, centreY = canvas.height * 7 / 10, radius = canvas.width / 12
        for y in 0..<canvas.height {
            canvas.fill(row: y, columns: 0..<canvas.width, with: top.blended(to: bottom, y, of: canvas.height - 1))
            let rise = abs(y - centreY)
            guard rise < radius else { continue }
            let halfChord = Int(Double(radius * radius - rise * rise).squareRoot())
            canvas.fill(row: y, columns: (centreX - halfChord)..<(centreX + halfChord + 1), with: sun)
        }
    }

    private static func drawTower(on canvas: inout StockPhotoCanvas) {
        let top = RGB(60, 70, 130), bottom = RGB(230, 160, 120), stone = RGB(225, 220, 205)
        let centreX = canvas.width / 2, summit = canvas.height * 15 / 100
        for y in 0..<canvas.height {
            canvas.fill(row: y, columns: 0..<canvas.width, with: top.blended(to: bottom, y, of: canvas.height - 1))
            guard y > summit else { continue }
            let halfWidth = canvas.width / 25 + canvas.width * (y - summit) / (canvas.height * 8)
            canvas.fill(row: y, columns: (centreX - halfWidth)..<(centreX + halfWidth), with: stone)
        }
    }

    private static func drawTiles(on canvas: inout StockPhotoCanvas) {
        let dark = RGB(70, 70, 75), light = RGB(200, 200, 195), tilesPerSide = 8
        for y in 0..<canvas.height {
            let tileRow = y * tilesPerSide / canvas.height
            for tileColumn in 0..<tilesPerSide {
                let columns = (tileColumn * canvas.width / tilesPerSide)..<((tileColumn + 1) * canvas.width / tilesPerSide)
                canvas.fill(row: y, columns: columns, with: (tileRow + tileColumn) % 2 == 0 ? dark : light)
            }
        }
    }

    /// A diagonal gradient: each row is the strip one pixel further along.
    private static func drawDawn(on canvas: inout StockPhotoCanvas) {
        let length = canvas.width + canvas.height - 1
        let strip = (0..<length).map { RGB(40, 30, 90).blended(to: RGB(250, 200, 150), $0, of: length - 1) }
        canvas.drawDiagonal(strip)
    }

    /// Diagonal green stripes, 24 pixels wide.
    private static func drawMeadow(on canvas: inout StockPhotoCanvas) {
        let length = canvas.width + canvas.height - 1, stripePixels = 24
        let strip = (0..<length).map { ($0 / stripePixels) % 2 == 0 ? RGB(60, 140, 50) : RGB(110, 180, 70) }
        canvas.drawDiagonal(strip)
    }

    /// 2024-05-`day` `hour`:00:00 UTC.
    private static func may2024(day: Int, hour: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar.date(from: DateComponents(year: 2024, month: 5, day: day, hour: hour))!
    }
}
