import Core
import Foundation
import Simulator

/// The pictures a run leaves for the HTML report: drawn screenshots and thumbnails of the image
/// files the app wrote in its data container.
extension ScenarioSession {
    /// The screen as a PNG when images are captured; nil (and the report says so) otherwise or
    /// when drawing fails.

    /// Thumbnails of the image files in the app's data container, sorted by path.
    func writtenImages() -> [ReportImage] {
        ReportImage.written(in: device.containerPath, fileSystem: fileSystem)
    }
}

extension ReportImage {
    /// At most this many written images per run are kept.
    static let writtenLimit = 24
    /// The file name extensions counted as images.
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "heic", "gif"]

    /// Thumbnails of the image files in a data container, sorted by path.
    static func written(in container: String, fileSystem: FileSystem) -> [ReportImage] {
        let thumbnailer = Thumbnailer()
        let size = ThumbnailSize(points: 160, scale: 2)
        return imagePaths(in: container, under: "", depth: 0, fileSystem: fileSystem).prefix(writtenLimit).compactMap { path in
            guard let data = try? fileSystem.contents(of: container.appendingPathComponent(path)),
                  let jpeg = try? thumbnailer.thumbnailJPEG(of: data, size: size, mode: .aspectFit, quality: 80) else { return nil }
            return ReportImage(path: path, jpeg: jpeg)
        }
    }

    /// App paths of image files below `folder` (relative to the container), sorted.
    private static func imagePaths(in container: String, under folder: String, depth: Int, fileSystem: FileSystem) -> [String] {
        guard depth < 6, let names = try? fileSystem.contentsOfDirectory(at: container.appendingPathComponent(folder))
        else { return [] }
        return names.sorted().flatMap { name -> [String] in
            let path = folder.isEmpty ? name : folder + "/" + name
            guard let status = try? fileSystem.statusOfItem(at: container.appendingPathComponent(path)) else { return [] }
            if status.kind == .directory { return imagePaths(in: container, under: path, depth: depth + 1, fileSystem: fileSystem) }
            let fileExtension = (name as NSString).pathExtension.lowercased()
            return status.kind == .regularFile && imageExtensions.contains(fileExtension) ? [path] : []
        }
    }
}
