import Core
import Foundation
import Simulator

/// A screenshot decoded by Core's decoder, with the questions the rendering tests ask of it.
struct ScreenshotPixels {
    let bitmap: Bitmap
    let scale: Int

    /// Decodes `shot`; with `PHOTOSIM_SCREENSHOTS=<folder>` set, also writes it there as `<name>.png` to look at.
    init(_ shot: Screenshot, scale: Int, name: String = #function) throws {
        if let folder = ProcessInfo.processInfo.environment["PHOTOSIM_SCREENSHOTS"] {
            let file = name.prefix { $0 != "(" } + "-\(shot.pngData.count).png"
            try shot.pngData.write(to: URL(fileURLWithPath: folder).appendingPathComponent(String(file)))
        }
        bitmap = try ImageDecoder().decode(shot.pngData)
        self.scale = scale
    }

    var width: Int { bitmap.width }
    var height: Int { bitmap.height }

    /// The red, green and blue of the pixel at (`x`, `y`) points.
    func color(xPoints: Double, yPoints: Double) -> (red: Int, green: Int, blue: Int) {
        let pixel = bitmap.pixel(x: Int(xPoints * Double(scale)), y: Int(yPoints * Double(scale)))
        let bytes = Array(pixel)
        return bytes.count >= 3 ? (Int(bytes[0]), Int(bytes[1]), Int(bytes[2])) : (Int(bytes[0]), Int(bytes[0]), Int(bytes[0]))
    }

    /// The pixels within `tolerance` of `target` (each channel), and their bounding box in pixels.
    func matches(_ target: (red: Int, green: Int, blue: Int), tolerance: Int = 24,
                 rows: Range<Int>? = nil) -> (count: Int, minX: Int, maxX: Int, minY: Int, maxY: Int) {
        var count = 0
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        let channels = bitmap.format.bytesPerPixel
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            for y in rows ?? 0..<height {
                for x in 0..<width {
                    let offset = (y * width + x) * channels
                    guard abs(Int(pixels[offset]) - target.red) <= tolerance,
                          abs(Int(pixels[offset + 1]) - target.green) <= tolerance,
                          abs(Int(pixels[offset + 2]) - target.blue) <= tolerance else { continue }
                    count += 1
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        return (count, minX, maxX, minY, maxY)
    }

    /// The PNG's chunk types in order (IHDR, IDAT ..., IEND).
    static func chunkTypes(of png: Data) -> [String] {
        let bytes = [UInt8](png)
        var types: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }
}
