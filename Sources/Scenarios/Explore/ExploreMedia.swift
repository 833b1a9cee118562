import Core
import Foundation

/// The small photos an exploration puts in the library: a few JPEGs of 40x30 pixels (a cheap
/// decode keeps a step cheap), written beside the scenarios as `media/explore-<n>.jpg`, so a
/// written scenario names them as suite files.
enum ExploreMedia {
    /// How many photos; the first two are in the library from the start, `addMedia` adds any.
    static let count = 4
    static let initialCount = 2

    /// Writes the photos (again, so they are always these bytes) and returns them as suite files.
    static func write(to folder: String, fileSystem: FileSystem) throws(ExploreError) -> [SuiteFilePath] {
        let mediaFolder = folder.appendingPathComponent("media")
        var files: [SuiteFilePath] = []
        for number in 1...count {
            let relative = "media/explore-\(number).jpg"
            let path = folder.appendingPathComponent(relative)
            do {
                try fileSystem.createDirectory(at: mediaFolder)
                try fileSystem.writeAtomically(try jpeg(number: number), to: path)
            } catch {
                throw .outputNotWritten(path: path, reason: "\(error)")
            }
            files.append(SuiteFilePath(path: path, relativePath: relative))
        }
        return files
    }

    /// A gradient whose colour and size depend on `number`.
    static func jpeg(number: Int) throws -> Data {
        let width = 32 + 8 * number, height = 30
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8((x * 255 / width + number * 60) % 256)
                pixels[offset + 1] = UInt8(y * 255 / height)
                pixels[offset + 2] = UInt8((number * 90) % 256)
            }
        }
        return try JPEGEncoder.encode(Bitmap(width: width, height: height, format: .rgb, pixels: pixels), quality: 85)
    }
}
