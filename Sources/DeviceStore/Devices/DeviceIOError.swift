/// Why `simctl io` could not do what it was asked. No file was written.
public enum DeviceIOError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--type` names a type PhotoSim does not write (tiff, bmp, gif).
    case unsupportedType(ScreenshotFormat)
    /// `--type` names no type at all.
    case unknownType(String)
    /// The folder the screenshot should go into does not exist (or is a file).
    case folderMissing(filePath: String, folder: String)
    /// An `io` operation Apple's `simctl` has and PhotoSim does not model (`recordVideo`, `enumerate`, `poll`).
    case notImplemented(operation: String)
    /// No such `io` operation.
    case unknownOperation(String)
    /// The app in front could not be run to draw its screen.
    case appFailed(bundleIdentifier: String, reason: String)
    /// The screen could not be drawn or encoded (fonts missing, cairo failed).
    case drawingFailed(reason: String)

    public var description: String {
        switch self {
        case .unsupportedType(let format):
            return "Screenshots of type \(format.rawValue) are not implemented by PhotoSim: use --type=png or --type=jpeg."
        case .unknownType(let text):
            return "Unknown screenshot type: \(text). Use png or jpeg (Apple's tool also names tiff, bmp and gif)."
        case .folderMissing(let filePath, let folder):
            return "Cannot write \(filePath): the folder \(folder) does not exist. Create it first, or give a path in an existing folder."
        case .notImplemented(let operation):
            return "io \(operation) is not implemented by PhotoSim: only io <device> screenshot is."
        case .unknownOperation(let operation):
            return "Unknown io operation: \(operation). Use io <device> screenshot <file>."
        case .appFailed(let bundle, let reason):
            return "Cannot draw the screen of \(bundle): running it failed: \(reason)"
        case .drawingFailed(let reason):
            return "Cannot draw the screen: \(reason)"
        }
    }
}
