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

    /// Parses `IMG_0001.JPG` / `IMG_0001.PNG` (any format Core knows); `nil` for any other name.
    init?(fileName: String) {
        guard fileName.hasPrefix("IMG_"), fileName.dropFirst(8).first == ".",
              let number = Int(fileName.dropFirst(4).prefix(4)), Self.numbers.contains(number),
              let format = ImageFormat.allCases.first(where: { Self.fileExtension($0) == fileName.dropFirst(9) })
        else { return nil }
        self.init(number: number, format: format)
    }

    var fileName: String {
        let digits = String(number)
        return "IMG_" + String(repeating: "0", count: 4 - digits.count) + digits + "." + Self.fileExtension(format)
    }

    /// `DCIM/100APPLE/IMG_0001.JPG`, relative to the Media folder.
    var relativePath: String { Self.directory.appendingPathComponent(fileName) }

    /// The extension and uniform type of each format, by `ImageFormat.rawValue`, as iOS names a
    /// camera-roll file (`IMG_0001.HEIC`) and `PHAssetResource.uniformTypeIdentifier` reports it.
    /// Keyed by raw value so that formats Core adds later need only a line here.
    private static let formatNames: [String: (fileExtension: String, uniformTypeIdentifier: String)] = [
        "JPEG": ("JPG", "public.jpeg"),
        "PNG": ("PNG", "public.png"),
        "HEIC": ("HEIC", "public.heic"),
        "GIF": ("GIF", "com.compuserve.gif"),
    ]

    /// Uppercased, as iOS writes camera-roll extensions: `JPG`, `PNG`, `HEIC`, `GIF`.
    static func fileExtension(_ format: ImageFormat) -> String {
        formatNames[format.rawValue]?.fileExtension ?? format.rawValue.uppercased()
    }

    /// `public.jpeg`, `public.png`, `public.heic`, `com.compuserve.gif`.
    static func uniformTypeIdentifier(_ format: ImageFormat) -> String {
        formatNames[format.rawValue]?.uniformTypeIdentifier ?? "public.image"
    }

    /// Every name the camera roll could give `number`, one per format Core knows.
    static func allNames(number: Int) -> [CameraRollName] {
        ImageFormat.allCases.map { CameraRollName(number: number, format: $0) }
    }
}
