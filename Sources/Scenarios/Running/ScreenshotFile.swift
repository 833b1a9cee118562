import Foundation

/// Maestro's `takeScreenshot` file: the screen as `<path>.png`, relative to the folder a run
/// writes screenshots to (Orchestra.kt `takeScreenshotCommand`: `File(command.path + ".png")`,
/// which `maestro test` resolves in its working directory; `simctl run` does the same, or uses
/// `--screenshots DIR`). A path's folders are made as needed; one that leaves the folder (an
/// absolute path, a `..`) fails the step instead of writing elsewhere.
struct ScreenshotFile {
    /// Where the picture goes.
    let path: String
    let name: String

    /// The file `name`'s picture takes in `folder`; nil when nothing is written (no folder, or
    /// the picture of a failed step, which only a report shows). A path that leaves the folder
    /// fails here, before the screen is drawn.
    init?(named name: String, in folder: String?, isFailurePicture: Bool) throws(StepFailure) {
        guard let folder, !isFailurePicture else { return nil }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !components.contains(".."), !components.contains("") else {
            throw StepFailure("takeScreenshot's path `\(name)` is not a path inside the screenshots folder \(folder); write a "
                + "relative path with no leading `/`, no `..` and no empty part (it is written as <path>.png there)")
        }
        self.name = name
        path = (folder as NSString).appendingPathComponent(name + ".png")
    }

    /// Writes the screen drawn as `png` (nil when it could not be drawn), atomically; a failure
    /// names the file.
    func write(_ png: Data?) throws(StepFailure) {
        guard let png else { throw StepFailure("takeScreenshot could not draw the screen for \(name).png") }
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try png.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw StepFailure("could not write the screenshot \(path): \(error.localizedDescription); give `--screenshots` "
                + "a folder that can be written")
        }
    }
}
