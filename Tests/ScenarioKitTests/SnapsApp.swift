import Core
import Foundation
import Platform

/// A team's photo app written as the iOS tutorials write one: each Snap saves
/// `Documents/Photo-<n>.jpg` and lists its name in `Documents/index.txt`. It has no
/// MyLocations store. Launched with `forgetIndex: true` it saves the photo but not the index
/// line (the bug its own checker is there to catch).
enum SnapsApp {
    static let definition = AppDefinition(bundleIdentifier: "com.example.Snaps", displayName: "Snaps",
                                          usageDescriptions: [.camera: "Snaps keeps your photos."],
                                          checkers: [everyPhotoIsIndexed]) { SnapsDelegate(environment: $0) }

    /// Its own rule: every `Photo-<n>.jpg` in Documents has a line in `Documents/index.txt`.
    static let everyPhotoIsIndexed = AppChecker(
        name: "photos-indexed", summary: "every Documents/Photo-<n>.jpg is listed in Documents/index.txt", coversFiles: true
    ) { context in
        let documents = context.containerPath + "/Documents"
        let index = (try? context.fileSystem.contents(of: documents + "/index.txt")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let listed = Set(index.split(separator: "\n").map(String.init))
        return context.names(in: documents).filter { $0.hasPrefix("Photo-") && !listed.contains($0) }.map {
            "Documents/\($0) is not listed in Documents/index.txt"
        }
    }
}

final class SnapsDelegate: Application {
    let environment: AppEnvironment
    init(environment: AppEnvironment) { self.environment = environment }

    func didFinishLaunching() throws -> WindowContent {
        .navigation(root: SnapsScreen(environment: environment))
    }
}

/// `Photos: N` and Snap, which saves the next photo.
final class SnapsScreen: Screen {
    override var title: String { "Snaps" }

    override var elements: [Element] {
        [
            Element(kind: .label, label: "Photos: \(photoCount())", identifier: "count"),
            Element(kind: .button, label: "Snap") { [unowned self] in try self.snap() },
        ]
    }

    private var documents: String { environment.containerPath + "/Documents" }

    private func photoCount() -> Int {
        ((try? environment.fileSystem.contentsOfDirectory(at: documents)) ?? []).filter { $0.hasPrefix("Photo-") }.count
    }

    private func snap() throws {
        let name = "Photo-\(photoCount() + 1).jpg"
        let pixels = [UInt8](repeating: 90, count: 8 * 8 * 3)
        try environment.fileSystem.writeAtomically(try JPEGEncoder.encode(Bitmap(width: 8, height: 8, format: .rgb, pixels: pixels),
                                                                          quality: 50),
                                                   to: documents + "/" + name)
        guard environment.launchArguments["forgetIndex"] != "true" else { return }
        let index = (try? environment.fileSystem.contents(of: documents + "/index.txt")) ?? Data()
        try environment.fileSystem.writeAtomically(index + Data((name + "\n").utf8), to: documents + "/index.txt")
    }
}
