import Foundation

/// Maestro's `takeScreenshot` file: the screen as `<path>.png`, relative to the folder a run
/// writes screenshots to (Orchestra.kt `takeScreenshotCommand`: `File(command.path + ".png")`,
/// which `maestro test` resolves in its working directory; `simctl run` does the same, or uses
/// `--screenshots DIR`). A path's folders are made as needed; one that leaves the folder (an
/// absolute path, a `..`) fails the step instead of writing elsewhere.
enum ScreenshotFile {
    /// Where `name`'s picture goes in `folder`.
    static func path(named name: String, in folder: String) throws(StepFailure) -> String {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !components.contains(".."), !components.contains("") else {
            throw StepFailure("takeScreenshot's path `\(name)` is not a path inside the screenshots folder \(folder); write a "
                + "relative path with no leading `/`, no `..` and no empty part (it is written as <path>.png there)")
        }
        return (folder as NSString).appendingPathComponent(name + ".png")
    }

    /// Writes `png` as `name`'s picture in `folder`, atomically; a failure names the file.
    static func write(_ png: Data, named name: String, in folder: String) throws(StepFailure) {
        let path = try path(named: name, in: folder)
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try png.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw StepFailure("could not write the screenshot \(path): \(error.localizedDescription); give `--screenshots` "
                + "a folder that can be written")
        }
    }
}
