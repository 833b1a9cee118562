import Core
import Foundation

/// The small photos an exploration puts in the library: a few JPEGs of 40x30 pixels (a cheap
/// decode keeps a step cheap), written beside the scenarios as `media/explore-<n>.jpg`, so a
/// written scenario names them as suite files. A name holding other bytes is never replaced:
/// the photo takes the next free one (``ExploreOutputFolder``).
enum ExploreMedia {
    /// How many photos; the first two are in the library from the start, `addMedia` adds any.
    static let count = 4
    static let initialCount = 2

    /// Writes the photos where their names are free (or already hold these bytes) and returns
    /// them as suite files.
    static func write(to folder: String, fileSystem: FileSystem) throws(ExploreError) -> [SuiteFilePath] {
        let output = ExploreOutputFolder(path: folder, fileSystem: fileSystem)
        var files: [SuiteFilePath] = []
        for number in 1...count {
            let data: Data
            do { data = try jpeg(number: number) } catch {
                preconditionFailure("TurboJPEG encodes a small RGB gradient: \(error)")
            }
            let relative = try output.writeNew(names: ExploreOutputFolder.names(base: "media/explore-\(number)", extension: "jpg")) { _ in data }
            files.append(SuiteFilePath(path: folder.appendingPathComponent(relative), relativePath: relative))
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
