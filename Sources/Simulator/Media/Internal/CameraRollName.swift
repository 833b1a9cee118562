import Core

/// A camera-roll file name, `IMG_0001.JPG`: a four-digit number and the type's extension.
///
/// iOS names camera-roll files this way in `DCIM/100APPLE`. PhotoSim keeps every photo in
/// `100APPLE` and stops at `IMG_9999` (``MediaLibraryError/libraryFull(lastFileName:)``) rather
/// than rolling over to `101APPLE`, so a file name alone identifies a photo (`ZFILENAME` is unique).
struct CameraRollName: Hashable, Sendable {
    /// 1...9999.
    let number: Int
    let format: ImageFormat

    static let directory = "DCIM/100APPLE"
    static let numbers = 1...9_999

    init(number: Int, format: ImageFormat) {
        precondition(Self.numbers.contains(number), "camera-roll numbers run 1...9999, got \(number)")
        self.number = number
        self.format = format
    }

    /// Parses `IMG_0001.JPG` / `IMG_0001.PNG`; `nil` for any other name.
    init?(fileName: String) {
        guard fileName.count == 12, fileName.hasPrefix("IMG_"), fileName.dropFirst(8).first == ".",
              let number = Int(fileName.dropFirst(4).prefix(4)), Self.numbers.contains(number),
              let format = ImageFormat.allCases.first(where: { Self.fileExtension($0) == fileName.suffix(3) })
        else { return nil }
        self.init(number: number, format: format)
    }

    var fileName: String {
        let digits = String(number)
        return "IMG_" + String(repeating: "0", count: 4 - digits.count) + digits + "." + Self.fileExtension(format)
    }

    /// `DCIM/100APPLE/IMG_0001.JPG`, relative to the Media folder.
    var relativePath: String { Self.directory.appendingPathComponent(fileName) }

    /// Uppercased, as iOS writes camera-roll extensions.
    static func fileExtension(_ format: ImageFormat) -> String {
        switch format {
        case .jpeg: return "JPG"
        case .png: return "PNG"
        case .heic: return "HEIC"
        case .gif: return "GIF"
        }
    }

    static func uniformTypeIdentifier(_ format: ImageFormat) -> String {
        switch format {
        case .jpeg: return "public.jpeg"
        case .png: return "public.png"
        case .heic: return "public.heic"
        case .gif: return "com.compuserve.gif"
        }
    }
}
