/// The file types `simctl io <device> screenshot --type=<type>` names (Apple's usage: "png",
/// "tiff", "bmp", "gif", "jpeg"; png by default). PhotoSim writes PNG (libpng) and JPEG (Core's
/// TurboJPEG encoder); the others are refused by name.
public enum ScreenshotFormat: String, Sendable, CaseIterable {
    case png
    case jpeg
    case tiff
    case bmp
    case gif

    /// Whether PhotoSim can write this type.
    public var isSupported: Bool { self == .png || self == .jpeg }

    /// The name Apple's tool prints (`Detected file type from extension: PNG`).
    public var displayName: String { rawValue.uppercased() }

    /// The type a file name's extension names (`shot.jpg` is JPEG), or `nil` for another or no
    /// extension (then the default, PNG, is written).
    public static func detected(fromPath path: String) -> ScreenshotFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": return .png
        case "jpg", "jpeg": return .jpeg
        case "tif", "tiff": return .tiff
        case "bmp": return .bmp
        case "gif": return .gif
        default: return nil
        }
    }
}
